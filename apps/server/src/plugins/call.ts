import { createHash } from 'node:crypto';
import { STATUS, type Envelope } from '@mathbridge/contracts/api';
import {
  isFileAnswer,
  statusesOf,
  type Endpoint,
  type EndpointParsed,
  type EndpointReturn,
} from '@mathbridge/contracts/endpoint';
import { resolveLocale, type Locale } from '@mathbridge/contracts/locales';
import { translate } from '@mathbridge/contracts/messages';
import { verbatimFieldsOf } from '@mathbridge/contracts/constants';
import { canonicalPayload, cleanPayload, type Payload } from '@mathbridge/contracts/signature';
import { fieldErrors, findNulCharacter } from '@mathbridge/contracts/validation';
import type { RoleName } from '@mathbridge/contracts/roles';
import { canOpenSection } from '@mathbridge/contracts/routes';
import { canUseSection } from '@mathbridge/contracts/workspace';
import { SIGN_SALT, TOKEN_COOKIE, TOKEN_HEADER } from '@mathbridge/contracts/constants';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { isDatabaseUnreachable } from '../db/database.ts';
import { AppError, forbidden, invalidInput } from '../lib/errors.ts';
import { dbRefusalOf } from '../lib/sql.ts';
import { isStorageFull } from '../lib/storage.ts';
import { checkedWriterOf, schemaWriterOf } from './answer-serializer.ts';

/** The signed-in caller, as resolved from the session token. */
export interface Caller {
  id: number;
  sessionId: number;
  roles: RoleName[];
  verifyState: number | null;
}

/** Admins pass every workspace check and see every object (spec §6). */
export const isAdmin = (caller: Pick<Caller, 'roles'>): boolean => caller.roles.includes('Admin');

/** 304 unless the caller is an admin. */
export function requireAdmin(caller: Pick<Caller, 'roles'>): void {
  if (!isAdmin(caller)) throw forbidden();
}

/** Calls both sides use (details, downloads): either section of spec §6 will do; the service checks the object. */
export function requireEitherSection(caller: Caller, first: string, second: string): void {
  if (
    !canUseSection(caller.roles, caller.verifyState, first) &&
    !canUseSection(caller.roles, caller.verifyState, second)
  )
    throw forbidden();
}

/** Resolves a token to its caller, or throws 301/305 (installed by the session module). */
export type SessionResolver = (token: string | undefined) => Promise<Caller>;

export interface CallContext<I> {
  input: I;
  caller: Caller;
  locale: Locale;
  ip: string;
  request: FastifyRequest;
  reply: FastifyReply;
}

type Auth = 'user' | 'none';

declare module 'fastify' {
  interface FastifyRequest {
    locale: Locale;
  }
  interface FastifyInstance {
    resolveSession: SessionResolver;
  }
}

/** The `mb_token` cookie's value, or undefined when there is none or it is not valid percent-encoding. */
export function tokenCookie(cookieHeader: string | undefined): string | undefined {
  for (const part of (cookieHeader ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === TOKEN_COOKIE) {
      try {
        return decodeURIComponent(part.slice(eq + 1).trim()) || undefined;
      } catch {
        // A malformed cookie is no session, never a 500.
        return undefined;
      }
    }
  }
  return undefined;
}

/**
 * The session of a browser's own request (<img src>, a download link), which carries no header:
 * the caller the header named, else the web client's cookie; null for a visitor or a dead session.
 */
export async function browserCaller(
  app: FastifyInstance,
  request: FastifyRequest,
  caller: Caller | null,
): Promise<Caller | null> {
  if (caller) return caller;
  const token = tokenCookie(request.headers.cookie);
  if (!token) return null;
  return app.resolveSession(token).catch(() => null);
}

export function envelope<T>(locale: Locale, result: T): Envelope<T> {
  return { status: STATUS.ok, message: translate(locale, 'errors.ok'), result };
}

/** contracts' signPayload, with node's native SHA-256 instead of the browser-portable JS one. */
const serverSign = (payload: Payload, verbatim: readonly string[]): string =>
  createHash('sha256')
    .update(canonicalPayload(payload, verbatim) + SIGN_SALT)
    .digest('hex');

function checkSignature(
  request: FastifyRequest,
  payload: Payload,
  multipart: boolean,
  verbatim: readonly string[],
): void {
  const signed = multipart ? (request.query as Payload) : payload;
  if (String(signed.ignore_sign ?? '') === '1') return;
  const sign = signed.sign;
  if (typeof sign !== 'string' || sign !== serverSign(signed, verbatim)) {
    throw new AppError(
      STATUS.invalid,
      'errors.badSignature',
      {},
      { errors: [{ field: 'sign', code: 'sign', message: translate(request.locale, 'errors.badSignature') }] },
    );
  }
}

/** One declared call, as the registry keeps it (the fuzz test walks every call of an app). */
export interface RegisteredCall {
  method: Endpoint['method'];
  /** Path after /api, with its `:param`s. */
  path: string;
  auth: Auth;
  input?: z.ZodType;
  multipart: boolean;
  unsigned: boolean;
  /** The workspace section (spec §6) the call serves, if any. */
  section?: string;
  /** The endpoint of the contracts' table this call was registered from (DESIGN §19); absent for calls not yet moved. */
  endpoint?: Endpoint;
}

const registries = new WeakMap<FastifyInstance, RegisteredCall[]>();

/** Every call declared with `defineCall` on this app, in declaration order. */
export function registeredCalls(app: FastifyInstance): readonly RegisteredCall[] {
  return registries.get(app) ?? [];
}

const responseChecks = new WeakSet<FastifyInstance>();

/**
 * The test projects check every answer of a call from the endpoint table against it (DESIGN §19):
 * a 200's `result` against the output schema, any other status against the statuses it documents.
 * A mismatch becomes a 500 whose message says what drifted, so the test that met it fails there.
 */
export function checkResponses(app: FastifyInstance): void {
  responseChecks.add(app);
}

const drifts = new WeakMap<FastifyInstance, string[]>();
/** What the checked schema serializer found while writing a request's answer (answer-serializer.ts). */
const serializerDrifts = new WeakMap<FastifyRequest, string>();

/**
 * Every drift the checks met on this app: the test harness fails a file that leaves any, so a drift
 * fails the suite even where the test that met it did not look at the status.
 */
export function answerDrifts(app: FastifyInstance): readonly string[] {
  return drifts.get(app) ?? [];
}

function answerCheck(app: FastifyInstance, endpoint: Endpoint) {
  const allowed = new Set<number>(statusesOf(endpoint));
  return async (request: FastifyRequest, reply: FastifyReply, payload: unknown): Promise<unknown> => {
    // Transport failures keep their HTTP code (an unparsable body, a wrong content type): not the call's answer.
    if (
      reply.statusCode !== 200 ||
      typeof payload !== 'string' ||
      !/^application\/json\b/.test(String(reply.getHeader('content-type') ?? ''))
    )
      return payload;
    const answer = JSON.parse(payload) as Partial<Envelope>;
    let drift: string | null = null;
    if (typeof answer.status !== 'number') drift = 'no envelope';
    else if (!allowed.has(answer.status)) drift = `status ${answer.status} is not documented`;
    else if (answer.status === STATUS.ok) {
      if (isFileAnswer(endpoint.output)) drift = 'an envelope where a file is documented';
      else {
        const checked = endpoint.output.safeParse(answer.result);
        if (!checked.success)
          drift = checked.error.issues
            .slice(0, 5)
            .map((issue) => `${issue.path.join('.') || '(result)'}: ${issue.message}`)
            .join('; ');
      }
    }
    // What JSON.stringify wrote matches the schema; does production's schema writer write the same?
    drift ??= serializerDrifts.get(request) ?? null;
    if (!drift) return payload;
    const message = `${endpoint.method} ${endpoint.path}: the answer does not match the endpoint table: ${drift}`;
    request.log.error({ answer }, message);
    let seen = drifts.get(app);
    if (!seen) drifts.set(app, (seen = []));
    seen.push(message);
    return JSON.stringify({ status: STATUS.internal, message, result: null });
  };
}

/**
 * Declares one API call: signature check, session, role/verification check, input validation
 * with the shared contracts, and the envelope. Handlers stay a few lines long.
 */
export function defineCall<const E extends Endpoint>(
  app: FastifyInstance,
  endpoint: E,
  typedHandler: (
    ctx: CallContext<EndpointParsed<E>> & (E['auth'] extends 'user' ? object : { caller: Caller | null }),
  ) => Promise<EndpointReturn<E>>,
): void {
  // The signature types the handler's context precisely; below it is assembled untyped.
  const handler = typedHandler as (
    ctx: Omit<CallContext<unknown>, 'caller'> & { caller: Caller | null },
  ) => Promise<unknown>;
  const paths = [endpoint.path, ...(endpoint.aliases ?? [])];
  let registry = registries.get(app);
  if (!registry) registries.set(app, (registry = []));
  for (const path of paths) {
    // A document in the body (notebook/save) is kept and signed as sent: contracts verbatimFieldsOf.
    const verbatim = verbatimFieldsOf(path);
    registry.push({
      method: endpoint.method,
      path,
      auth: endpoint.auth,
      input: endpoint.input,
      multipart: endpoint.multipart === true,
      unsigned: endpoint.unsigned === true,
      section: endpoint.section,
      endpoint,
    });
    app.route({
      method: endpoint.method,
      url: `/api/${path}`,
      ...(endpoint.bodyLimit ? { bodyLimit: endpoint.bodyLimit } : {}),
      ...(endpoint && responseChecks.has(app) ? { onSend: answerCheck(app, endpoint) } : {}),
      handler: async (request, reply) => {
        const raw = (endpoint.method === 'GET' || endpoint.multipart ? request.query : request.body) ?? {};
        const payload = typeof raw === 'object' ? (raw as Payload) : {};
        // No text of the product holds NUL (PostgreSQL text cannot): refused once, for every call and field.
        const nulAt = findNulCharacter(payload) ?? findNulCharacter(request.params);
        if (nulAt !== null)
          throw invalidInput([
            { field: nulAt, code: 'nulCharacter', message: translate(request.locale, 'validation.nulCharacter') },
          ]);
        if (!endpoint.unsigned) checkSignature(request, payload, endpoint.multipart === true, verbatim);

        const token = request.headers[TOKEN_HEADER.toLowerCase()];
        const tokenText = Array.isArray(token) ? token[0] : token;
        let caller: Caller | null = null;
        if (endpoint.auth === 'user') {
          caller = await app.resolveSession(tokenText);
          if (endpoint.section && !canOpenSection(caller.roles, endpoint.section)) throw forbidden();
          if (endpoint.verified && caller.verifyState !== 1 && !isAdmin(caller)) throw forbidden();
          if (endpoint.admin && !isAdmin(caller)) throw forbidden();
        } else if (tokenText) {
          caller = await app.resolveSession(tokenText).catch(() => null);
        }

        let input: unknown = undefined;
        if (endpoint.input) {
          const {
            sign: _s,
            ignore_sign: _i,
            ...rest
          } = cleanPayload({ ...payload, ...(request.params as Payload) }, verbatim);
          const parsed = endpoint.input.safeParse(rest);
          if (!parsed.success) {
            throw new AppError(
              STATUS.invalid,
              'errors.invalidInput',
              {},
              { errors: fieldErrors(parsed.error, request.locale) },
            );
          }
          input = parsed.data;
        }
        const ctx = { input, caller, locale: request.locale, ip: request.ip, request, reply };
        const result = await handler(ctx);
        if (reply.sent) return reply;
        // A 200 envelope is written from the output schema (answer-serializer.ts); the test
        // projects write it as before and check that the schema writer agrees.
        const writer = responseChecks.has(app)
          ? checkedWriterOf(endpoint, (drift) => serializerDrifts.set(request, drift))
          : schemaWriterOf(endpoint);
        // Fastify sets no content type for a reply's own serializer.
        if (writer) reply.serializer(writer).type('application/json; charset=utf-8');
        return envelope(request.locale, result ?? null);
      },
    });
  }
}

/** Turns every error into the envelope: AppErrors keep HTTP 200, transport errors their own code. */
export function installEnvelope(app: FastifyInstance): void {
  app.decorateRequest('locale', 'zh-CN');
  app.addHook('onRequest', async (request) => {
    request.locale = resolveLocale(request.headers['accept-language']);
  });

  app.setErrorHandler((error, request, reply) => {
    const locale = request.locale ?? resolveLocale(request.headers['accept-language']);
    if (error instanceof AppError) {
      return reply
        .code(200)
        .send({ status: error.status, message: translate(locale, error.key, error.params), result: error.result });
    }
    // The database refused a write for its data or lost a race (after inTransaction's retries): the
    // caller's request meets the current state badly, so 409 (or 400 for a value a rule refused),
    // never 500. Logged, because the contract should usually have caught it first.
    const refusal = dbRefusalOf(error);
    if (refusal) {
      request.log.warn({ err: error, refusal }, 'database refused the request');
      if (refusal === 'check')
        return reply.code(200).send({
          status: STATUS.invalid,
          message: translate(locale, 'errors.invalidInput'),
          result: { errors: [] },
        });
      const key =
        refusal === 'unique'
          ? 'errors.duplicate'
          : refusal === 'foreignKey'
            ? 'errors.referenceChanged'
            : 'errors.concurrentChange';
      return reply.code(200).send({ status: STATUS.conflict, message: translate(locale, key), result: null });
    }
    const statusCode = (error as { statusCode?: number }).statusCode;
    if (statusCode === 413 || (error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
      return reply
        .code(200)
        .send({ status: STATUS.tooLarge, message: translate(locale, 'errors.tooLarge'), result: null });
    }
    if (statusCode && statusCode >= 400 && statusCode < 500) {
      return reply
        .code(statusCode)
        .send({ status: statusCode, message: translate(locale, 'errors.requestError'), result: null });
    }
    if (isDatabaseUnreachable(error)) {
      // A restart or failover of PostgreSQL: the pool reconnects by itself (db/database.ts) and
      // readiness says 503 meanwhile; the caller gets a clear 'briefly unavailable', not a 500.
      request.log.warn({ err: error }, 'database unreachable');
      return reply
        .code(200)
        .send({ status: STATUS.unavailable, message: translate(locale, 'errors.unavailable'), result: null });
    }
    if (isStorageFull(error)) {
      // A disk (or database) out of space: a clear answer the client can show, and an alert in the log.
      request.log.error({ err: error }, 'storage full');
      return reply
        .code(200)
        .send({ status: STATUS.storageFull, message: translate(locale, 'errors.storageFull'), result: null });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply
      .code(200)
      .send({ status: STATUS.internal, message: translate(locale, 'errors.internal'), result: null });
  });

  app.setNotFoundHandler((request, reply) => {
    const locale = request.locale ?? 'zh-CN';
    return reply
      .code(404)
      .send({ status: STATUS.notFound, message: translate(locale, 'errors.apiNotFound'), result: null });
  });
}
