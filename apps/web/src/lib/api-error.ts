import type { FieldError } from '@mathbridge/contracts/validation';

/** What a failed API call throws (see api-client.ts). */
export type ApiErrorKind = 'status' | 'http' | 'timeout' | 'network' | 'aborted' | 'parse';

export class ApiError extends Error {
  /** Envelope status, or 0 when the call never produced an envelope. */
  readonly status: number;
  readonly kind: ApiErrorKind;
  /** HTTP status of a transport failure. */
  readonly httpStatus?: number;
  /** Field errors of a 400 answer (`result.errors`). */
  readonly fieldErrors: FieldError[];
  /** The client already told the user (message, dialog or redirect); callers need not. */
  readonly handled: boolean;

  constructor(init: {
    message: string;
    status?: number;
    kind: ApiErrorKind;
    httpStatus?: number;
    fieldErrors?: FieldError[];
    handled: boolean;
  }) {
    super(init.message);
    this.name = 'ApiError';
    this.status = init.status ?? 0;
    this.kind = init.kind;
    this.httpStatus = init.httpStatus;
    this.fieldErrors = init.fieldErrors ?? [];
    this.handled = init.handled;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}
