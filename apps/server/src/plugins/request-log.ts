import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyRequest, FastifyServerOptions } from 'fastify';

/**
 * The request log (issue 9 point 14). Fastify's own request logging writes two lines per request
 * (≈ 460 bytes) with the full URL, and a signed download link is a bearer credential in its query
 * (`s=`). So Fastify's lines are off (`disableRequestLogging`) and each request writes one compact
 * line: request id, method, path without the query, HTTP status, the envelope status when the
 * answer is an envelope (an internal error answers HTTP 200 with envelope 500) and milliseconds.
 * Anything else that logs a request goes through the `req` serializer, which drops the query too.
 */

/** The path of a request URL: the query (signatures, codes, phone numbers, keywords) never reaches the log. */
export const pathOnly = (url: string): string => {
  const end = url.indexOf('?');
  return end === -1 ? url : url.slice(0, end);
};

/** Logger settings for `Fastify({ logger })`. */
export function loggerOptions(level: string, stream?: { write(line: string): void }) {
  return {
    level,
    // Headers are not serialized at all; these stay in case a later serializer adds them.
    redact: ['req.headers["x-mathbridge-token"]', 'req.headers.authorization', 'req.headers.cookie'],
    serializers: {
      req: (request: FastifyRequest) => ({ method: request.method, url: pathOnly(request.url) }),
    },
    ...(stream ? { stream } : {}),
  } satisfies FastifyServerOptions['logger'];
}

/** What a request id may look like when a proxy sends one: short, and safe to write into a log line. */
const REQUEST_ID = /^[A-Za-z0-9._:-]{1,64}$/;

/**
 * Request ids carried across the proxy: an `X-Request-Id` sent by the proxy in front (nginx
 * `$request_id`, a load balancer's trace id) names the request in every log line of it, so one id
 * follows a request through both; without one, or with one that is not a plain short token, the
 * server makes its own. Every answer says which id it had (X-Request-Id).
 */
export const requestIdOptions = {
  requestIdHeader: false,
  genReqId: (request: IncomingMessage): string => {
    const given = request.headers['x-request-id'];
    return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
  },
} satisfies Pick<FastifyServerOptions, 'requestIdHeader' | 'genReqId'>;

declare module 'fastify' {
  interface FastifyRequest {
    /** The `status` of the envelope this request answered, when it answered one. */
    envelopeStatus?: number;
  }
}

export function installRequestLog(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    reply.header('x-request-id', request.id);
    return payload;
  });
  app.addHook('preSerialization', async (request, _reply, payload: unknown) => {
    const status = (payload as { status?: unknown } | null)?.status;
    if (typeof status === 'number') request.envelopeStatus = status;
    return payload;
  });
  app.addHook('onResponse', async (request, reply) => {
    request.log.info(
      {
        method: request.method,
        url: pathOnly(request.url),
        status: reply.statusCode,
        ...(request.envelopeStatus !== undefined && request.envelopeStatus !== reply.statusCode
          ? { envelope: request.envelopeStatus }
          : {}),
        ms: Math.round(reply.elapsedTime * 10) / 10,
      },
      'request',
    );
  });
}
