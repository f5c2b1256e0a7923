import { REQUEST_TIMEOUT_MS } from '@mathbridge/contracts/constants';
import type { KernelInfo } from '@mathbridge/contracts/notebooks';
import type { KernelCheckFailure } from './kernel-check.ts';

/** Who may not start a kernel yet, and is told what to do about it (sign in, certify first). */
export type KernelAccessNeed = Exclude<KernelInfo['access'], 'allowed'>;

/** Why code cannot run on this server at all (`notebook/kernelInfo`'s reason). */
type UnavailableReason = NonNullable<KernelInfo['reason']>;
const UNAVAILABLE_REASONS: readonly UnavailableReason[] = ['not_installed', 'starting', 'failed', 'no_sandbox'];

/** A 503 of the kernel proxy says why kernels are off with the same reasons as `notebook/kernelInfo`. */
function isUnavailableReason(reason: string): reason is UnavailableReason {
  return (UNAVAILABLE_REASONS as readonly string[]).includes(reason);
}

/** Whether the caller can run code here: kernels are available and the caller may start one. */
export function canRunCode(info: KernelInfo | undefined): boolean {
  return info?.available === true && info.access === 'allowed';
}

/**
 * The last failure to start or reach the kernel: the HTTP status, and the `reason` of the API's
 * Jupyter-shaped answer (`{message, reason}`), when there were any.
 */
export interface KernelFailure {
  status: number | null;
  reason: string | null;
}

/** The i18n key of what the user is told about a failure. */
export type KernelFailureMessage =
  | `notebooks.kernel.access.${KernelAccessNeed}.title`
  | `notebooks.kernel.reason.${UnavailableReason}`
  | 'notebooks.kernel.busyElsewhere'
  | 'notebooks.kernel.full'
  | 'notebooks.kernel.failed';

/** What the user is told about a failure, and whether it asks them to sign in or certify first. */
export interface KernelFailureView {
  message: KernelFailureMessage;
  access: KernelAccessNeed | null;
}

/**
 * A failed kernel start as the user reads it: by the API's reason where it gave one (a 403 is also
 * a cross-origin refusal, a 503 also "kernels are off here"), else by the status.
 */
export function describeKernelFailure(failure: KernelFailure | null): KernelFailureView {
  const reason = failure?.reason ?? null;
  const status = failure?.status ?? null;
  const access: KernelAccessNeed | null =
    reason === 'not_verified' || (reason === null && status === 403)
      ? 'verify'
      : reason === 'not_signed_in' || (reason === null && status === 401)
        ? 'sign_in'
        : null;
  if (access) return { message: `notebooks.kernel.access.${access}.title`, access };
  const message: KernelFailureMessage =
    reason === 'one_kernel_per_user' || status === 409
      ? 'notebooks.kernel.busyElsewhere'
      : reason === 'capacity' || (reason === null && status === 503)
        ? 'notebooks.kernel.full'
        : reason !== null && isUnavailableReason(reason)
          ? `notebooks.kernel.reason.${reason}`
          : 'notebooks.kernel.failed';
  return { message, access: null };
}

/** What the user is told when the availability check (`notebook/kernelInfo`) got no usable answer. */
export type KernelCheckView =
  | { message: 'notebooks.kernel.check.timeout'; values: { seconds: number } }
  | { message: 'notebooks.kernel.check.network' | 'notebooks.kernel.check.unreadable' }
  | { message: 'notebooks.kernel.check.server'; values: { code: number } };

/**
 * A failed availability check as the user reads it: what went wrong on the way (no answer in time,
 * no connection, an error answer), which is not the server saying kernels are off (`reason`).
 */
export function describeKernelCheckFailure(failure: KernelCheckFailure): KernelCheckView {
  switch (failure.kind) {
    case 'timeout':
      return { message: 'notebooks.kernel.check.timeout', values: { seconds: REQUEST_TIMEOUT_MS / 1000 } };
    case 'network':
      return { message: 'notebooks.kernel.check.network' };
    case 'server':
      return failure.code === null
        ? { message: 'notebooks.kernel.check.unreadable' }
        : { message: 'notebooks.kernel.check.server', values: { code: failure.code } };
  }
}

/** Thrown by the page's kernel when it could not start, with what the API answered. */
export class KernelStartError extends Error {
  constructor(
    readonly failure: KernelFailure,
    options?: ErrorOptions,
  ) {
    super(
      `The kernel did not start (${failure.status ?? 'no answer'}${failure.reason ? `, ${failure.reason}` : ''})`,
      options,
    );
  }
}
