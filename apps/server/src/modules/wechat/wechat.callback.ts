import { createHash, timingSafeEqual } from 'node:crypto';
import { XMLParser } from 'fast-xml-parser';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { handleEvent, type WeChatDeps, type WeChatEvent } from './wechat.service.ts';

/** Largest callback body accepted; WeChat's event XML is well under 2 KB. */
export const CALLBACK_MAX_BYTES = 16 * 1024;
/** A signed request older (or newer) than this is refused: a replay of a captured one. */
export const CALLBACK_MAX_SKEW_S = 300;

/** WeChat's callback signature: SHA-1 of token, timestamp and nonce, sorted and joined. */
export function callbackSignature(token: string, timestamp: string, nonce: string): string {
  return createHash('sha1').update([token, timestamp, nonce].sort().join('')).digest('hex');
}

function signatureValid(token: string, query: Record<string, unknown>): boolean {
  const { signature, timestamp, nonce } = query;
  if (typeof signature !== 'string' || typeof timestamp !== 'string' || typeof nonce !== 'string') return false;
  if (!/^\d{1,12}$/.test(timestamp) || nonce.length > 64) return false;
  if (Math.abs(Date.now() / 1000 - Number(timestamp)) > CALLBACK_MAX_SKEW_S) return false;
  const expected = Buffer.from(callbackSignature(token, timestamp, nonce));
  const given = Buffer.from(signature.toLowerCase());
  return expected.length === given.length && timingSafeEqual(expected, given);
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
 * 16 KB 413; XML with a DOCTYPE or not a WeChat message 400. Registered in its own scope, so its
 * XML parser serves this route only.
 */
export function installCallback(app: FastifyInstance, deps: WeChatDeps): void {
  void app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'string', bodyLimit: CALLBACK_MAX_BYTES }, (_request, body, done) =>
      done(null, body),
    );
    const token = deps.ctx.config.wechat?.token;
    const guard = (request: FastifyRequest, reply: FastifyReply): boolean => {
      if (token && signatureValid(token, request.query as Record<string, unknown>)) return true;
      void plain(reply, 403, 'forbidden');
      return false;
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
        if (!guard(request, reply)) return reply;
        if (request.method === 'GET') {
          const echostr = (request.query as Record<string, unknown>).echostr;
          return plain(reply, 200, typeof echostr === 'string' ? echostr : '');
        }
        const event = parseEvent(typeof request.body === 'string' ? request.body : '');
        if (!event) return plain(reply, 400, 'bad request');
        const answer = await handleEvent(deps, event);
        if (answer === 'success') return plain(reply, 200, 'success');
        return reply.code(200).header('content-type', 'application/xml; charset=utf-8').send(answer);
      },
    });
  });
}
