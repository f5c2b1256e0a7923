import type { KernelInfo } from '@mathbridge/contracts/notebooks';
import { isApiError } from '../../../lib/api-error.ts';

/**
 * How a `notebook/kernelInfo` check got no usable answer: none came in time, the server could not
 * be reached, or it answered with an error (its HTTP or envelope status; null for an unreadable
 * answer). Unlike an answer with `available: false`, none of these says anything about kernels.
 */
export type KernelCheckFailure = { kind: 'timeout' } | { kind: 'network' } | { kind: 'server'; code: number | null };

/**
 * What a failed check throws: what went wrong, and no ApiError, so the query cache does not show it
 * as a red toast (the kernel notice says it where the run buttons are).
 */
export class KernelCheckError extends Error {
  constructor(
    readonly failure: KernelCheckFailure,
    options?: ErrorOptions,
  ) {
    super(
      `notebook/kernelInfo failed (${failure.kind}${failure.kind === 'server' ? ` ${failure.code ?? 'unreadable'}` : ''})`,
      options,
    );
    this.name = 'KernelCheckError';
  }
}

/** A failed check as the notice tells it, from what the API client threw. */
export function kernelCheckFailureOf(error: unknown): KernelCheckFailure {
  if (error instanceof KernelCheckError) return error.failure;
  if (!isApiError(error)) return { kind: 'server', code: null };
  switch (error.kind) {
    case 'timeout':
      return { kind: 'timeout' };
    case 'network':
    case 'aborted':
      return { kind: 'network' };
    case 'http':
      return { kind: 'server', code: error.httpStatus ?? null };
    case 'status':
      return { kind: 'server', code: error.status };
    case 'parse':
      return { kind: 'server', code: null };
  }
}

/** Checks after the first that fails on its own, before the notice waits for the user. */
export const KERNEL_CHECK_RETRIES = 3;

/**
 * Whether a failed check is tried again by itself (TanStack Query's `retry`; `failures` counts the
 * earlier ones): a glitch (a slow answer, a dropped connection, a restarting server) is; an answer
 * the server meant (a refusal) would not change by asking again.
 */
export function retryKernelCheck(failures: number, error: unknown): boolean {
  if (failures >= KERNEL_CHECK_RETRIES) return false;
  const failure = kernelCheckFailureOf(error);
  return failure.kind !== 'server' || failure.code === null || failure.code >= 500 || failure.code === 429;
}

/** The wait before the next check (TanStack Query's `retryDelay`): 1 s, 2 s, 4 s… at most 8 s. */
export function kernelCheckDelay(failures: number): number {
  return Math.min(1000 * 2 ** failures, 8000);
}

/**
 * Whether coming back to the tab checks again: after a failed check, or while the server says
 * kernels are off (it may be starting). A good answer stays fresh for the query's staleTime.
 */
export function recheckOnReturn(info: KernelInfo | undefined): boolean {
  return info?.available !== true;
}
