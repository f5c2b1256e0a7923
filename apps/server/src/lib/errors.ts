import { STATUS, type InvalidResult } from '@mathbridge/contracts/api';
import type { ErrorKey, MessageParams } from '@mathbridge/contracts/messages';
import type { FieldError } from '@mathbridge/contracts/validation';

/**
 * An application outcome that is not success. The envelope plugin turns it into
 * `{status, message, result}` with the message localized for the caller (DESIGN §3).
 */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly key: ErrorKey,
    readonly params: MessageParams = {},
    readonly result: unknown = null,
  ) {
    super(key);
    this.name = 'AppError';
  }
}

export const invalidInput = (errors: FieldError[]) =>
  new AppError(STATUS.invalid, 'errors.invalidInput', {}, { errors } satisfies InvalidResult);
/** A single-field 400, for rules only the server can check (e.g. a wrong verification code). */
export const invalidField = (field: string, code: string, message: string) => invalidInput([{ field, code, message }]);
export const forbidden = () => new AppError(STATUS.forbidden, 'errors.forbidden');
export const notLoggedIn = () => new AppError(STATUS.notLoggedIn, 'errors.notLoggedIn');
export const sessionSuperseded = () => new AppError(STATUS.sessionSuperseded, 'errors.sessionSuperseded');
export const notFound = (key: ErrorKey = 'errors.notFound') => new AppError(STATUS.notFound, key);
export const conflict = (key: ErrorKey = 'errors.conflict', params: MessageParams = {}) =>
  new AppError(STATUS.conflict, key, params);
/**
 * Something the call needs cannot be reached right now (envelope 503, like a database restart in
 * plugins/call.ts): nothing was done, the caller may try again shortly. `key` says what is down.
 */
export const unavailable = (key: ErrorKey = 'errors.unavailable') => new AppError(STATUS.unavailable, key);
export const rateLimited = (retryAfterS: number, key: ErrorKey = 'errors.rateLimited', params: MessageParams = {}) =>
  new AppError(
    STATUS.rateLimited,
    key,
    { seconds: retryAfterS, minutes: Math.ceil(retryAfterS / 60), ...params },
    {
      retry_after_s: retryAfterS,
    },
  );
