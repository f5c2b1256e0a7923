import { describe, expect, it } from 'vitest';
import { VERIFY_STATE } from '@mathbridge/contracts/roles';
import { kernelPolicy } from './kernels.policy.ts';

const certified = { id: 1, roles: ['Specialist' as const], verifyState: VERIFY_STATE.verified };
const pending = { id: 2, roles: ['Student' as const], verifyState: VERIFY_STATE.pending };
const unverified = { id: 3, roles: ['visitors' as const], verifyState: null };
const admin = { id: 4, roles: ['Admin' as const], verifyState: null };

describe('kernelPolicy', () => {
  it.each([
    ['a certified user, KERNEL_USERS=verified', certified, 'verified', true],
    ['a user whose certification is pending, KERNEL_USERS=verified', pending, 'verified', false],
    ['an unverified account, KERNEL_USERS=verified', unverified, 'verified', false],
    ['an admin, KERNEL_USERS=verified', admin, 'verified', true],
    ['an unverified account, KERNEL_USERS=signed_in', unverified, 'signed_in', true],
    ['a pending user, KERNEL_USERS=signed_in', pending, 'signed_in', true],
  ] as const)('start: %s', (_case, actor, users, allowed) => {
    expect(kernelPolicy.can(actor, 'start', { users })).toBe(allowed);
  });

  it.each(['use', 'stop'] as const)("%s: the kernel's holder only, never another user nor an admin", (action) => {
    expect(kernelPolicy.can(certified, action, { user_id: 1 })).toBe(true);
    expect(kernelPolicy.can(pending, action, { user_id: 1 })).toBe(false);
    expect(kernelPolicy.can(admin, action, { user_id: 1 })).toBe(false);
  });
});
