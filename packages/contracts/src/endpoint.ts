import type { z } from 'zod';
import { STATUS, type Status } from './api.ts';

/**
 * One call of the API as one object (DESIGN §19): the server registers it (`defineCall`), the web
 * client calls through it (`api.call`), the test projects check its answers and `GET /api/openapi.json`
 * documents it. Nothing else may spell its path.
 */

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** The answer of a download: the file itself (Content-Disposition names it), or an envelope on refusal. */
export interface FileAnswer {
  readonly kind: 'file';
  /** The media types it may come as, for the reference. */
  readonly types: readonly string[];
}

/** A download's answer; refusals still come as envelopes. */
export const fileAnswer = (...types: string[]): FileAnswer => ({
  kind: 'file',
  types: types.length ? types : ['application/octet-stream'],
});

export type Answer = z.ZodType | FileAnswer;

export interface Endpoint<I extends z.ZodType | undefined = z.ZodType | undefined, O extends Answer = Answer> {
  method: HttpMethod;
  /** After `/api/`, with `:param`s (`cooperateWish/detail/:id`), filled from the input of that name. */
  path: string;
  /** Older names of the same call, kept for existing clients. */
  aliases?: readonly string[];
  /** One line for the reference. */
  summary: string;
  /** 'user': a session is needed (301/305 otherwise); 'none': visitors too (a session is used if sent). */
  auth: 'user' | 'none';
  /** The workspace section (spec §6) the call serves: the role table decides who may call it (304). */
  section?: string;
  /** Workspace calls also need verify_state 1 (spec §4). */
  verified?: boolean;
  /** Admins only (304 for anyone else). */
  admin?: boolean;
  /** Query (GET) or body (otherwise), with the path's params. */
  input?: I;
  /** The envelope's `result` on status 200, or a file. */
  output: O;
  /** A multipart upload: only its query is signed. */
  multipart?: boolean;
  /** Calls browsers make without the client (<img src>, a health check) are unsigned. */
  unsigned?: boolean;
  /** The envelope statuses this call answers besides 200 and the ones every call may (400, 429, 500, 503). */
  statuses?: readonly Status[];
  /** A larger JSON body than the app's default, in bytes (413 beyond it). */
  bodyLimit?: number;
}

/** Declares an endpoint, keeping its literal types (server handlers and the web client infer from them). */
export const endpoint = <const E extends Endpoint>(definition: E): E => definition;

type InputSchemaOf<E> = E extends { input: infer I extends z.ZodType } ? I : undefined;
type OutputOf<E> = E extends { output: infer O } ? O : never;

/** What the caller sends: the schema's input side (numbers may still be text, defaults may be left out). */
export type EndpointInput<E extends Endpoint> =
  InputSchemaOf<E> extends z.ZodType ? z.input<InputSchemaOf<E>> : Record<string, never>;

/** What the handler receives after validation. */
export type EndpointParsed<E extends Endpoint> =
  InputSchemaOf<E> extends z.ZodType ? z.output<InputSchemaOf<E>> : undefined;

/** The `result` of a 200 answer, as the client reads it (JSON). Downloads have none. */
export type EndpointResult<E extends Endpoint> = OutputOf<E> extends z.ZodType ? z.output<OutputOf<E>> : never;

/** What a handler returns for the answer (checked against the schema in the test projects). */
export type EndpointReturn<E extends Endpoint> = OutputOf<E> extends z.ZodType ? z.input<OutputOf<E>> : void;

export const isFileAnswer = (answer: Answer): answer is FileAnswer =>
  !('_zod' in answer) && (answer as { kind?: unknown }).kind === 'file';

/**
 * Every envelope status a call may answer: 200; what any call may meet (429 a limit, 500, 503 the
 * database or an upstream down, 507 storage full); 400 for input or a signature; 413 for a body;
 * 301/305/304 for a session's calls; and the call's own (`statuses`).
 */
export function statusesOf(call: Endpoint): Status[] {
  const all = new Set<Status>([STATUS.ok, STATUS.rateLimited, STATUS.internal, STATUS.unavailable, STATUS.storageFull]);
  if (call.input || !call.unsigned) all.add(STATUS.invalid);
  if (call.method !== 'GET') all.add(STATUS.tooLarge);
  if (call.auth === 'user')
    for (const status of [STATUS.sessionSuperseded, STATUS.notLoggedIn, STATUS.forbidden]) all.add(status);
  for (const status of call.statuses ?? []) all.add(status);
  return [...all].sort((a, b) => a - b);
}

const PARAM = /:([A-Za-z_][A-Za-z0-9_]*)/g;

/** The `:param` names of a path, in order. */
export function pathParams(path: string): string[] {
  return [...path.matchAll(PARAM)].map((match) => match[1] as string);
}

/**
 * The concrete path of a call and the rest of its payload: `:param`s are taken out of the payload
 * (percent-encoded); a missing one is a programming error.
 */
export function fillPath<P extends Record<string, unknown>>(
  path: string,
  payload: P,
): { path: string; rest: Record<string, unknown> } {
  const rest: Record<string, unknown> = { ...payload };
  const filled = path.replace(PARAM, (_match, name: string) => {
    const value = rest[name];
    if (value === undefined || value === null || value === '') throw new Error(`${path}: no value for :${name}`);
    delete rest[name];
    return encodeURIComponent(String(value));
  });
  return { path: filled, rest };
}

/** A module's endpoints, keyed by the name code uses (`wish.create`). */
export type EndpointGroup = Readonly<Record<string, Endpoint>>;
