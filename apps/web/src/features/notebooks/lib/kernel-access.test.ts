import { kernelInfo } from './kernel-info.fixtures.ts';
import { describe, expect, it } from 'vitest';
import { canRunCode, describeKernelFailure } from './kernel-access.ts';

const info = kernelInfo;

describe('who may run code', () => {
  it('runs only where kernels are available and the caller is allowed to start one', () => {
    expect(canRunCode(info({}))).toBe(true);
    expect(canRunCode(info({ access: 'verify' }))).toBe(false);
    expect(canRunCode(info({ access: 'sign_in' }))).toBe(false);
    expect(canRunCode(info({ available: false, reason: 'no_sandbox' }))).toBe(false);
    expect(canRunCode(undefined)).toBe(false);
  });
});

describe('a refused kernel start, as the user reads it', () => {
  it('an uncertified user is asked to certify first', () => {
    expect(describeKernelFailure({ status: 403, reason: 'not_verified' })).toEqual({
      message: 'notebooks.kernel.access.verify.title',
      access: 'verify',
    });
  });

  it('a cross-origin refusal is a failure, not a request to certify', () => {
    expect(describeKernelFailure({ status: 403, reason: 'origin' })).toEqual({
      message: 'notebooks.kernel.failed',
      access: null,
    });
  });

  it('without a reason, the status decides', () => {
    expect(describeKernelFailure({ status: 403, reason: null }).access).toBe('verify');
    expect(describeKernelFailure({ status: 401, reason: null }).access).toBe('sign_in');
    expect(describeKernelFailure({ status: 409, reason: null }).message).toBe('notebooks.kernel.busyElsewhere');
    expect(describeKernelFailure({ status: 503, reason: null }).message).toBe('notebooks.kernel.full');
    expect(describeKernelFailure({ status: null, reason: null }).message).toBe('notebooks.kernel.failed');
    expect(describeKernelFailure(null).message).toBe('notebooks.kernel.failed');
  });

  it('a 503 because kernels are off here says why, not "every kernel is in use"', () => {
    expect(describeKernelFailure({ status: 503, reason: 'no_sandbox' }).message).toBe(
      'notebooks.kernel.reason.no_sandbox',
    );
    expect(describeKernelFailure({ status: 503, reason: 'capacity' }).message).toBe('notebooks.kernel.full');
  });
});
