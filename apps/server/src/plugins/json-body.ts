import { STATUS } from '@mathbridge/contracts/api';
import { translate } from '@mathbridge/contracts/messages';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../lib/errors.ts';
import { jsonDeeperThan, MAX_JSON_DEPTH } from '../lib/json-depth.ts';

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
