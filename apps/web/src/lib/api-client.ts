import { API_PREFIX, NOT_FOUND_FLAGS, STATUS, type Envelope, type InvalidResult } from '@mathbridge/contracts/api';
import { REQUEST_TIMEOUT_MS, TOKEN_HEADER, verbatimFieldsOf } from '@mathbridge/contracts/constants';
import {
  fillPath,
  type Endpoint,
  type EndpointInput,
  type EndpointResult,
  type FileAnswer,
} from '@mathbridge/contracts/endpoint';
import { VERIFY_STATE } from '@mathbridge/contracts/roles';
import type { Payload } from '@mathbridge/contracts/signature';
import type { FieldError } from '@mathbridge/contracts/validation';
import { i18n } from '../i18n/i18n.ts';
import { currentLocale } from '../i18n/locale.ts';
import { ApiError, isApiError } from './api-error.ts';
import { attachmentName } from './content-disposition.ts';
import { currentLocation, navigateTo, signInPath } from './navigation.ts';
import { notify } from './notify.ts';
import { resetCaches } from './cache-reset.ts';
import { echoesSignOut, endSession, useSession } from './session-store.ts';
import { readToken } from './token.ts';

/**
 * The one way the web app talks to the API (spec §7, §8; DESIGN §3): `/api/{module}/{action}`,
 * token header, Accept-Language, signed payloads, a 5 s time-out and the envelope's statuses.
 */

export interface RequestOptions {
  signal?: AbortSignal;
  /**
   * 'silent': a missing or expired session just ends it locally, without message or redirect.
   * Used when restoring a session at start-up, where an old cookie is not the user's fault.
   */
  authFailure?: 'default' | 'silent';
  /**
   * false: failures the caller shows where they belong (a field, a per-file upload row) are not
   * shown here and throw with `handled: false`. Session and permission outcomes still act.
   */
  reportErrors?: boolean;
  /** Set by the client itself: the session token the call was sent with (see `echoesSignOut`). */
  sentToken?: string;
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

let supersededDialogOpen = false;

/** Status 301: signed in elsewhere. One dialog at a time, whatever number of calls failed. */
function onSessionSuperseded(): void {
  endSession();
  if (supersededDialogOpen) return;
  supersededDialogOpen = true;
  const from = currentLocation();
  notify.confirm({
    title: i18n.t('errors.sessionSupersededTitle'),
    content: i18n.t('errors.sessionSuperseded'),
    okText: i18n.t('auth.relogin'),
    cancelText: i18n.t('common.cancel'),
    onOk: () => leaveForSignIn(from),
    afterClose: () => {
      supersededDialogOpen = false;
    },
  });
}

/** Goes to /signin, then drops cached data of the old session once its page is gone. */
function leaveForSignIn(from: string): void {
  void navigateTo(signInPath(from), { replace: true }).then(resetCaches);
}

function onNotLoggedIn(silent: boolean, sentToken: string | undefined): void {
  // The user ended the session themselves (logout, password change) and has been told so; calls of
  // the page they are leaving that now fail are no news, and must not stack a red notice on that.
  if (echoesSignOut(sentToken)) return;
  endSession();
  // Calls that fail because a superseded session was just ended: its dialog already explains.
  if (silent || supersededDialogOpen) return;
  // A page often fires several calls at once; a shared key shows the notice once.
  notify.error(i18n.t('errors.notLoggedIn'), 'not-logged-in');
  if (window.location.pathname !== '/signin') leaveForSignIn(currentLocation());
}

/** Status 304: signed in but not allowed. Offer the workspace only to users who can open it. */
function onForbidden(): void {
  const params = new URLSearchParams();
  if (useSession.getState().profile?.verify_state === VERIFY_STATE.verified) {
    params.set(NOT_FOUND_FLAGS.enableWorkspace, '1');
  }
  // The 404 replaces the refused page, so "back" leads to the page before it: keep it enabled.
  const query = params.toString();
  void navigateTo(query ? `/404?${query}` : '/404', { replace: true });
}

function showError(text: string, key?: string): void {
  notify.error(text, key);
}

export function buildUrl(path: string, query?: Record<string, string>): string {
  const url = `${API_PREFIX}/${path.replace(/^\/+/, '')}`;
  if (!query || Object.keys(query).length === 0) return url;
  return `${url}?${new URLSearchParams(query).toString()}`;
}

function headers(json: boolean, accept = 'application/json'): Headers {
  const h = new Headers({ Accept: accept, 'Accept-Language': currentLocale() });
  if (json) h.set('Content-Type', 'application/json');
  const token = readToken();
  if (token) h.set(TOKEN_HEADER, token);
  return h;
}

/** Reads an answer: `timedOut` says whether the 5 s ran out, `answered` stops that clock. */
type Reader<T> = (
  response: Response,
  options: RequestOptions,
  timedOut: () => boolean,
  answered: () => void,
) => Promise<T>;

async function send<T>(
  url: string,
  init: RequestInit,
  requestOptions: RequestOptions,
  read: Reader<T> = readEnvelope,
): Promise<T> {
  const options = { ...requestOptions, sentToken: readToken() };
  const timeout = new AbortController();
  const timer = window.setTimeout(() => timeout.abort(), REQUEST_TIMEOUT_MS);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout.signal]) : timeout.signal;
  let response: Response;
  try {
    response = await fetch(url, { ...init, signal, credentials: 'same-origin' });
  } catch {
    window.clearTimeout(timer);
    throw transportError(options, timeout.signal.aborted);
  }
  try {
    return await read(
      response,
      options,
      () => timeout.signal.aborted,
      () => window.clearTimeout(timer),
    );
  } finally {
    window.clearTimeout(timer);
  }
}

/** A call that produced no response: cancelled by the caller, timed out, or the network failed. */
export function transportError(options: RequestOptions, timedOut: boolean): ApiError {
  if (options.signal?.aborted) {
    // The caller (e.g. TanStack Query on unmount) cancelled: nothing to tell the user.
    return new ApiError({ message: 'aborted', kind: 'aborted', handled: true });
  }
  const text = i18n.t(timedOut ? 'errors.timeout' : 'errors.network');
  const report = options.reportErrors !== false;
  if (report) showError(text, timedOut ? 'request-timeout' : 'network-error');
  return new ApiError({ message: text, kind: timedOut ? 'timeout' : 'network', handled: report });
}

/**
 * Reads a response's envelope and acts on its status (spec §8). Shared with lib/upload-request.ts,
 * whose XMLHttpRequest result is handed over as a Response.
 */
export async function readEnvelope<T>(
  response: Response,
  options: RequestOptions,
  timedOut: () => boolean = () => false,
): Promise<T> {
  return unwrap<T>(await parseEnvelope(response, options, timedOut), options);
}

/** The envelope of a response; an HTTP error or a body that is not one throws. */
async function parseEnvelope(
  response: Response,
  options: RequestOptions,
  timedOut: () => boolean,
): Promise<Envelope<unknown>> {
  const report = options.reportErrors !== false;
  try {
    if (!response.ok) {
      const text = i18n.t('errors.httpError', { code: response.status });
      if (report) showError(text);
      throw new ApiError({ message: text, kind: 'http', httpStatus: response.status, handled: report });
    }
    return (await response.json()) as Envelope<unknown>;
  } catch (error) {
    if (isApiError(error)) throw error;
    throw unreadable(options, timedOut());
  }
}

/** An answer whose body could not be read: the time ran out while it came, or it was not what was asked. */
function unreadable(options: RequestOptions, timedOut: boolean): ApiError {
  const text = timedOut ? i18n.t('errors.timeout') : i18n.t('errors.requestError');
  const report = options.reportErrors !== false;
  if (report) showError(text);
  return new ApiError({ message: text, kind: timedOut ? 'timeout' : 'parse', handled: report });
}

/** A file the API sent as an attachment, and the name its Content-Disposition gave it. */
export interface ApiFile {
  blob: Blob;
  name: string | null;
}

/**
 * Reads a download: the file comes as itself, a refusal as an envelope (or an HTTP error). Session
 * outcomes act as for any call, but a 304 throws for the caller to explain instead of replacing the
 * page with /404: the file was refused, not the page the user is on.
 */
async function readFile(
  response: Response,
  options: RequestOptions,
  timedOut: () => boolean,
  answered: () => void,
): Promise<ApiFile> {
  const type = response.headers.get('content-type') ?? '';
  if (response.ok && !/^application\/json\b/i.test(type)) {
    // A file may take longer than the 5 s of a call to arrive (5 MB over a slow link): the call was answered.
    answered();
    try {
      return { blob: await response.blob(), name: attachmentName(response.headers.get('content-disposition')) };
    } catch {
      throw transportError(options, false);
    }
  }
  const envelope = await parseEnvelope(response, options, timedOut);
  if (envelope.status === STATUS.forbidden) {
    const text = envelope.message || i18n.t('errors.forbidden');
    const report = options.reportErrors !== false;
    if (report) showError(text);
    throw new ApiError({ message: text, status: envelope.status, kind: 'status', handled: report });
  }
  unwrap<unknown>(envelope, options);
  // A success envelope is an answer, not the file that was asked for.
  throw unreadable(options, false);
}

function unwrap<T>(envelope: Envelope<unknown>, options: RequestOptions): T {
  const { status, message, result } = envelope;
  switch (status) {
    case STATUS.ok:
      return result as T;
    case STATUS.sessionSuperseded:
      onSessionSuperseded();
      throw new ApiError({ message: i18n.t('errors.sessionSuperseded'), status, kind: 'status', handled: true });
    case STATUS.notLoggedIn:
      onNotLoggedIn(options.authFailure === 'silent', options.sentToken);
      throw new ApiError({ message: i18n.t('errors.notLoggedIn'), status, kind: 'status', handled: true });
    case STATUS.forbidden:
      onForbidden();
      throw new ApiError({ message: message || i18n.t('errors.forbidden'), status, kind: 'status', handled: true });
    case STATUS.invalid: {
      // Forms show these on their fields (see lib/form-errors.ts); nothing is shown here.
      const errors = (result as InvalidResult | null)?.errors;
      return throwInvalid(message, Array.isArray(errors) ? errors : []);
    }
    default: {
      const text = message || i18n.t('errors.error');
      const report = options.reportErrors !== false;
      if (report) showError(text);
      throw new ApiError({ message: text, status, kind: 'status', handled: report });
    }
  }
}

function throwInvalid(message: string, fieldErrors: FieldError[]): never {
  throw new ApiError({
    message: message || i18n.t('errors.invalidInput'),
    status: STATUS.invalid,
    kind: 'status',
    fieldErrors,
    handled: false,
  });
}

// Hashing code loads with the first call; public pages that never call the API never load it.
const loadSigning = () => import('@mathbridge/contracts/signature');

async function request<T>(
  method: Method,
  path: string,
  payload: Payload = {},
  options: RequestOptions = {},
): Promise<T> {
  const { cleanPayload, queryParams, signPayload } = await loadSigning();
  if (method === 'GET') {
    const params = queryParams(payload);
    const query = { ...params, sign: signPayload(params), ignore_sign: '0' };
    return send<T>(buildUrl(path, query), { method, headers: headers(false) }, options);
  }
  // A document (notebook/save's nbformat JSON) travels as it is: contracts verbatimFieldsOf.
  const verbatim = verbatimFieldsOf(path);
  const body = cleanPayload(payload, verbatim);
  const signed = { ...body, sign: signPayload(body, verbatim), ignore_sign: 0 };
  return send<T>(buildUrl(path), { method, headers: headers(true), body: JSON.stringify(signed) }, options);
}

/**
 * The address of a call the browser makes itself (an <img src>, a link to a download): the path with
 * its `:param`s filled, the rest of `input` as the query.
 */
export function endpointUrl<const E extends Endpoint>(endpoint: E, input: EndpointInput<E>): string {
  const { path, rest } = fillPath(endpoint.path, input as Payload);
  const query = Object.fromEntries(
    Object.entries(rest)
      .filter(([, value]) => value !== undefined && value !== null && value !== '')
      .map(([key, value]) => [key, String(value)]),
  );
  return buildUrl(path, query);
}

/** An endpoint whose answer is a file. */
type DownloadEndpoint = Endpoint & { output: FileAnswer };

export const api = {
  /**
   * One call of the contracts' endpoint table (DESIGN §19): its method, its path with the input's
   * `:param`s filled in, the rest of the input as query or body; the result is the endpoint's type.
   */
  call: <const E extends Endpoint>(endpoint: E, input: EndpointInput<E>, options?: RequestOptions) => {
    const { path, rest } = fillPath(endpoint.path, input as Payload);
    return request<EndpointResult<E>>(endpoint.method, path, rest, options);
  },
  /** A multipart upload to an endpoint (files are not signed: `ignore_sign=1`, DESIGN §3). */
  callUpload: <const E extends Endpoint>(endpoint: E, form: FormData, options: RequestOptions = {}) =>
    send<EndpointResult<E>>(
      buildUrl(endpoint.path, { ignore_sign: '1' }),
      { method: endpoint.method, headers: headers(false), body: form },
      options,
    ),
  /** A download endpoint: its bytes and the server's file name; refusals throw as ApiErrors. */
  download: <const E extends DownloadEndpoint>(endpoint: E, input: EndpointInput<E>, options: RequestOptions = {}) => {
    const url = endpointUrl(endpoint, input);
    return send<ApiFile>(url, { method: 'GET', headers: headers(false, '*/*') }, options, readFile);
  },
};
