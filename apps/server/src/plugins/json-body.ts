import { STATUS } from '@mathbridge/contracts/api';
import { translate } from '@mathbridge/contracts/messages';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../lib/errors.ts';

/** The deepest nesting of objects and arrays a JSON body may have; the product's deepest is 3. */
export const MAX_JSON_DEPTH = 32;

/**
 * True when JSON text nests objects/arrays deeper than `max`: one linear scan of the text that
 * skips strings, before anything recursive (parsing, signing, validation) touches the body.
 */
export function jsonDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i += 1; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      depth += 1;
      if (depth > max) return true;
    } else if (c === 0x5d || c === 0x7d) depth -= 1;
  }
  return false;
}

/**
 * JSON bodies: Fastify's own parser (secure-json-parse: `__proto__` and `constructor.prototype`
 * refused), behind a depth limit. About 200 KB of nesting used to overflow the stack in the
 * recursive payload cleaning and answer 500; now it is 400 (`errors.bodyTooDeep`) before parsing.
 */
export function installJsonBody(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (jsonDeeperThan(text, MAX_JSON_DEPTH)) {
      const message = translate(request.locale, 'errors.bodyTooDeep', { max: MAX_JSON_DEPTH });
      done(
        new AppError(
          STATUS.invalid,
          'errors.bodyTooDeep',
          { max: MAX_JSON_DEPTH },
          { errors: [{ field: 'body', code: 'bodyTooDeep', message }] },
        ),
        undefined,
      );
      return;
    }
    parse(request, text, done);
  });
}
