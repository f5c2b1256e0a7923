import { QueryClient, QueryObserver, focusManager } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { KernelInfo } from '@mathbridge/contracts/notebooks';
import { kernelInfo } from './kernel-info.fixtures.ts';
import { ApiError } from '../../../lib/api-error.ts';
import { describeKernelCheckFailure } from './kernel-access.ts';
import { kernelCheckDelay, kernelCheckFailureOf, recheckOnReturn, retryKernelCheck } from './kernel-check.ts';

// The query is built on the API client, which the check below replaces by `load`.
vi.mock('../../../lib/api-client.ts', () => ({ api: {} }));
const { kernelCheckOf, kernelInfoQueryFor, recheckKernels } = await import('../api/notebooks.ts');

const info = kernelInfo;
const timedOut = () => new ApiError({ message: 'timeout', kind: 'timeout', handled: false });
const offline = () => new ApiError({ message: 'network', kind: 'network', handled: false });

describe('what a failed availability check says', () => {
  it('tells a timeout and a network error apart from an error answer, and none of them from "kernels are off"', () => {
    expect(kernelCheckFailureOf(timedOut())).toEqual({ kind: 'timeout' });
    expect(kernelCheckFailureOf(offline())).toEqual({ kind: 'network' });
    expect(kernelCheckFailureOf(new ApiError({ message: 'x', kind: 'http', httpStatus: 502, handled: false }))).toEqual(
      { kind: 'server', code: 502 },
    );
    expect(kernelCheckFailureOf(new ApiError({ message: 'x', kind: 'status', status: 500, handled: false }))).toEqual({
      kind: 'server',
      code: 500,
    });
    expect(describeKernelCheckFailure({ kind: 'timeout' })).toEqual({
      message: 'notebooks.kernel.check.timeout',
      values: { seconds: 5 },
    });
    expect(describeKernelCheckFailure({ kind: 'network' }).message).toBe('notebooks.kernel.check.network');
    expect(describeKernelCheckFailure({ kind: 'server', code: 502 })).toEqual({
      message: 'notebooks.kernel.check.server',
      values: { code: 502 },
    });
    expect(describeKernelCheckFailure({ kind: 'server', code: null }).message).toBe(
      'notebooks.kernel.check.unreadable',
    );
  });
});

describe('when the availability check is tried again by itself', () => {
  it('a glitch is retried three times, 1 s, 2 s, then 4 s apart; a refusal is not', () => {
    expect([0, 1, 2, 3].map((failures) => retryKernelCheck(failures, timedOut()))).toEqual([true, true, true, false]);
    expect([0, 1, 2].map(kernelCheckDelay)).toEqual([1000, 2000, 4000]);
    expect(kernelCheckDelay(10)).toBe(8000);
    expect(retryKernelCheck(0, offline())).toBe(true);
    expect(retryKernelCheck(0, new ApiError({ message: 'x', kind: 'http', httpStatus: 503, handled: false }))).toBe(
      true,
    );
    expect(retryKernelCheck(0, new ApiError({ message: 'x', kind: 'status', status: 304, handled: true }))).toBe(false);
  });

  it('coming back to the tab checks again unless code could run at the last answer', () => {
    expect(recheckOnReturn(undefined)).toBe(true);
    expect(recheckOnReturn(info({ available: false, reason: 'starting' }))).toBe(true);
    expect(recheckOnReturn(info())).toBe(false);
  });
});

describe('a failed availability check recovers without a reload', () => {
  let client: QueryClient;
  beforeEach(() => {
    vi.useFakeTimers();
    client = new QueryClient();
    client.mount();
  });
  afterEach(() => {
    client.unmount();
    client.clear();
    focusManager.setFocused(undefined);
    vi.useRealTimers();
  });

  /** The page's view of the check while `load` answers, as the notice and run buttons see it. */
  function watch(load: (signal: AbortSignal) => Promise<KernelInfo>) {
    const query = kernelInfoQueryFor(load);
    const observer = new QueryObserver(client, query);
    const unsubscribe = observer.subscribe(() => undefined);
    return { query, view: () => kernelCheckOf(observer.getCurrentResult()), stop: unsubscribe };
  }

  it('a check that timed out says so at once, and the retry that answers enables running', async () => {
    const load = vi
      .fn<(signal: AbortSignal) => Promise<KernelInfo>>()
      .mockRejectedValueOnce(timedOut())
      .mockRejectedValueOnce(offline())
      .mockResolvedValue(info());
    const { view, stop } = watch(load);
    await vi.advanceTimersByTimeAsync(0);
    expect(view()).toMatchObject({ info: undefined, failure: { kind: 'timeout' }, checking: true });
    await vi.advanceTimersByTimeAsync(999);
    expect(load).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(load).toHaveBeenCalledTimes(2);
    expect(view().failure).toEqual({ kind: 'network' });
    await vi.advanceTimersByTimeAsync(2000);
    expect(load).toHaveBeenCalledTimes(3);
    expect(view()).toMatchObject({ info: { available: true, access: 'allowed' }, failure: null, checking: false });
    stop();
  });

  it('after the retries give up, a run that checks again finds the server back and may go ahead', async () => {
    let up = false;
    const load = vi.fn((): Promise<KernelInfo> => (up ? Promise.resolve(info()) : Promise.reject(offline())));
    const { query, view, stop } = watch(load);
    await vi.advanceTimersByTimeAsync(1000 + 2000 + 4000);
    expect(load).toHaveBeenCalledTimes(4);
    expect(view()).toMatchObject({ info: undefined, failure: { kind: 'network' }, checking: false });
    // The failure is not kept as an answer: nothing more happens until someone asks.
    await vi.advanceTimersByTimeAsync(60_000);
    expect(load).toHaveBeenCalledTimes(4);

    up = true;
    await expect(recheckKernels(client, query)).resolves.toBe(true);
    expect(load).toHaveBeenCalledTimes(5);
    expect(view()).toMatchObject({ info: { available: true }, failure: null });
    stop();
  });

  it('a recheck that fails again leaves the failure shown, and runs nothing', async () => {
    const load = vi.fn((): Promise<KernelInfo> => Promise.reject(timedOut()));
    const { query, view, stop } = watch(load);
    await vi.advanceTimersByTimeAsync(7000);
    const checked = recheckKernels(client, query);
    await vi.advanceTimersByTimeAsync(0);
    await expect(checked).resolves.toBe(false);
    // One attempt: the user is waiting, no new backoff series.
    expect(load).toHaveBeenCalledTimes(5);
    expect(view().failure).toEqual({ kind: 'timeout' });
    stop();
  });

  it('coming back to the tab after a failed check checks again', async () => {
    let up = false;
    const load = vi.fn((): Promise<KernelInfo> => (up ? Promise.resolve(info()) : Promise.reject(offline())));
    const { view, stop } = watch(load);
    await vi.advanceTimersByTimeAsync(7000);
    expect(view().failure).toEqual({ kind: 'network' });
    up = true;
    focusManager.setFocused(false);
    focusManager.setFocused(true);
    await vi.advanceTimersByTimeAsync(0);
    expect(load).toHaveBeenCalledTimes(5);
    expect(view()).toMatchObject({ info: { available: true }, failure: null });
    stop();
  });

  it('"kernels are off" is an answer: not retried, but asked again on coming back (they may be starting)', async () => {
    const load = vi
      .fn<(signal: AbortSignal) => Promise<KernelInfo>>()
      .mockResolvedValueOnce(info({ available: false, reason: 'starting' }))
      .mockResolvedValue(info());
    const { view, stop } = watch(load);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(load).toHaveBeenCalledTimes(1);
    expect(view()).toMatchObject({ info: { available: false, reason: 'starting' }, failure: null });
    focusManager.setFocused(false);
    focusManager.setFocused(true);
    await vi.advanceTimersByTimeAsync(0);
    expect(view().info?.available).toBe(true);
    // A good answer stays fresh: coming back again does not ask.
    focusManager.setFocused(false);
    focusManager.setFocused(true);
    await vi.advanceTimersByTimeAsync(0);
    expect(load).toHaveBeenCalledTimes(2);
    stop();
  });
});
