import type { KernelUsers } from '@mathbridge/contracts/notebooks';
import { VERIFY_STATE } from '@mathbridge/contracts/roles';
import type { KernelSessionsTable } from '../../db/types.ts';
import { definePolicy } from '../../lib/policy.ts';
import { isAdmin, type Caller } from '../../plugins/call.ts';

/**
 * Who may do what with live kernels (issue 12, DESIGN §12): hold one (start), and reach one
 * (use: its REST calls and channels; stop: shut it down). A kernel is its holder's alone: no one
 * else reaches it, admins included (it runs their code with their session).
 */

/** The platform's kernel setting the start rule reads (KERNEL_USERS). */
export interface KernelAccessSetting {
  users: KernelUsers;
}

/** The holder of a kernel, as its row in `kernel_sessions` says. */
export type KernelHolder = Pick<KernelSessionsTable, 'user_id'>;

const holder = (actor: Pick<Caller, 'id'>, session: KernelHolder): boolean => session.user_id === actor.id;

export const kernelPolicy = definePolicy({
  /** Hold a kernel: certified users by default (unverified accounts are free to make); admins always. */
  start: (actor: Pick<Caller, 'roles' | 'verifyState'>, setting: KernelAccessSetting) =>
    setting.users === 'signed_in' || actor.verifyState === VERIFY_STATE.verified || isAdmin(actor),
  /** Ask a kernel for its state, interrupt or restart it, open its channels: its holder. */
  use: holder,
  /** Shut a kernel down: its holder. */
  stop: holder,
});
