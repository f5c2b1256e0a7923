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

declare module 'fastify' {
  interface FastifyRequest {
    /** The `status` of the envelope this request answered, when it answered one. */
    envelopeStatus?: number;
  }
}

export function installRequestLog(app: FastifyInstance): void {
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
