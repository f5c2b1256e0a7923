import { createHash, timingSafeEqual } from 'node:crypto';
import { XMLParser } from 'fast-xml-parser';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { CallbackNonces } from './callback-nonces.ts';
import { handleEvent, type WeChatDeps, type WeChatEvent } from './wechat.service.ts';

/** Largest callback body accepted; WeChat's event XML is well under 2 KB. */
export const CALLBACK_MAX_BYTES = 16 * 1024;
/** A signed request older (or newer) than this is refused: a replay of a captured one. */
export const CALLBACK_MAX_SKEW_S = 300;
/** A taken nonce is kept this much past its window, for instances whose clocks differ a little. */
const NONCE_MARGIN_MS = 30_000;

/** WeChat's callback signature: SHA-1 of token, timestamp and nonce, sorted and joined. */
export function callbackSignature(token: string, timestamp: string, nonce: string): string {
  return createHash('sha1').update([token, timestamp, nonce].sort().join('')).digest('hex');
}

interface SignedQuery {
  timestamp: string;
  nonce: string;
}

/** The query's timestamp and nonce when it is signed with our token within the window; else null. */
function signedQuery(token: string, query: Record<string, unknown>): SignedQuery | null {
  const { signature, timestamp, nonce } = query;
  if (typeof signature !== 'string' || typeof timestamp !== 'string' || typeof nonce !== 'string') return null;
  if (!/^\d{1,12}$/.test(timestamp) || nonce.length > 64) return null;
  if (Math.abs(Date.now() / 1000 - Number(timestamp)) > CALLBACK_MAX_SKEW_S) return null;
  const expected = Buffer.from(callbackSignature(token, timestamp, nonce));
  const given = Buffer.from(signature.toLowerCase());
  return expected.length === given.length && timingSafeEqual(expected, given) ? { timestamp, nonce } : null;
}

const parser = new XMLParser({
  // No entity expansion at all (DOCTYPEs are refused before parsing anyway).
  processEntities: false,
  htmlEntities: false,
  ignoreAttributes: true,
  ignoreDeclaration: true,
  ignorePiTags: true,
  parseTagValue: false,
  trimValues: true,
});

/** The event's fields this module reads; null when the XML is not a WeChat message. */
export function parseEvent(xml: string): WeChatEvent | null {
  // A DOCTYPE or ENTITY declaration is never part of WeChat's messages: refused, not expanded.
  if (/<!\s*(DOCTYPE|ENTITY)/i.test(xml)) return null;
  let doc: unknown;
  try {
    doc = parser.parse(xml, true);
  } catch {
    return null;
  }
  const root = (doc as { xml?: unknown }).xml;
  if (typeof root !== 'object' || root === null) return null;
  const field = (name: string, max: number): string | null => {
    const value = (root as Record<string, unknown>)[name];
    if (value === undefined) return '';
    return typeof value === 'string' && value.length <= max ? value : null;
  };
  const event = {
    toUser: field('ToUserName', 64),
    fromUser: field('FromUserName', 64),
    createTime: field('CreateTime', 20),
    msgType: field('MsgType', 32),
    event: field('Event', 32),
    eventKey: field('EventKey', 128),
  };
  if (Object.values(event).some((value) => value === null)) return null;
  if (!event.fromUser || !/^\d{1,20}$/.test(event.createTime ?? '')) return null;
  return event as WeChatEvent;
}

const plain = (reply: FastifyReply, code: number, text: string) =>
  reply.code(code).header('content-type', 'text/plain; charset=utf-8').send(text);

/**
 * `/api/wechat/callback` (DESIGN §13), outside the envelope: WeChat reads plain answers.
 * GET verifies the URL (echoes `echostr`); POST carries events as XML, in plaintext mode.
 * Anything not signed with our token, or signed more than 5 minutes away, gets 403; a body over
 * 16 KB 413; XML with a DOCTYPE or not a WeChat message 400. A POST is acted on once per signed
 * (timestamp, nonce): a replay, in parallel or later, is answered 'success' (WeChat's "received")
 * and changes nothing; when the nonce store cannot answer, 503 and nothing is done (WeChat retries).
 * Registered in its own scope, so its XML parser serves this route only.
 */
export function installCallback(app: FastifyInstance, deps: WeChatDeps, nonces: CallbackNonces): void {
  void app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'string', bodyLimit: CALLBACK_MAX_BYTES }, (_request, body, done) =>
      done(null, body),
    );
    const token = deps.ctx.config.wechat?.token;
    const guard = (request: FastifyRequest, reply: FastifyReply): SignedQuery | null => {
      const signed = token ? signedQuery(token, request.query as Record<string, unknown>) : null;
      if (!signed) void plain(reply, 403, 'forbidden');
      return signed;
    };
    scope.route({
      method: ['GET', 'POST'],
      url: '/api/wechat/callback',
      bodyLimit: CALLBACK_MAX_BYTES,
      errorHandler: (error, request, reply) => {
        const status = (error as { statusCode?: number }).statusCode;
        if (status === 413) return plain(reply, 413, 'too large');
        if (status && status >= 400 && status < 500) return plain(reply, status, 'bad request');
        request.log.error({ err: error }, 'wechat callback failed');
        return plain(reply, 500, 'error');
      },
      handler: async (request, reply) => {
        const signed = guard(request, reply);
        if (!signed) return reply;
        // Echoing changes nothing, so the URL check needs no nonce.
        if (request.method === 'GET') {
          const echostr = (request.query as Record<string, unknown>).echostr;
          return plain(reply, 200, typeof echostr === 'string' ? echostr : '');
        }
        const event = parseEvent(typeof request.body === 'string' ? request.body : '');
        if (!event) return plain(reply, 400, 'bad request');
        const { timestamp, nonce } = signed;
        const untilMs = (Number(timestamp) + CALLBACK_MAX_SKEW_S) * 1000 + NONCE_MARGIN_MS;
        let first: boolean;
        try {
          first = await nonces.claim(timestamp, nonce, untilMs);
        } catch (error) {
          request.log.error({ err: error }, 'wechat callback: nonce store unavailable; delivery refused');
          return plain(reply, 503, 'unavailable');
        }
        if (!first) return plain(reply, 200, 'success');
        let answer: string;
        try {
          answer = await handleEvent(deps, event);
        } catch (error) {
          await nonces.release(timestamp, nonce);
          throw error;
        }
        if (answer === 'success') return plain(reply, 200, 'success');
        return reply.code(200).header('content-type', 'application/xml; charset=utf-8').send(answer);
      },
    });
  });
}
