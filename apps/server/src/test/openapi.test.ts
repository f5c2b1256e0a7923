import { Validator } from '@seriousme/openapi-schema-validator';
import { STATUS } from '@mathbridge/contracts/api';
import { wishEndpoints } from '@mathbridge/contracts/endpoints/wishes';
import { endpoint } from '@mathbridge/contracts/endpoint';
import Fastify, { type FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { conflict, notFound } from '../lib/errors.ts';
import { checkResponses, defineCall, installEnvelope, registeredCalls } from '../plugins/call.ts';
import { describeApi, useTestApp } from './harness.ts';

/**
 * The API's reference (issue 26, DESIGN §19): the document is valid OpenAPI 3.1 by a real
 * validator, names exactly the calls the app registered (both ways), documents each call of the
 * endpoint table with its result and statuses, and the reference page is served from the product.
 */

interface Operation {
  operationId: string;
  responses: Record<string, { content: Record<string, { schema: { properties: Record<string, unknown> } }> }>;
  security: unknown[];
  'x-envelope-statuses': number[];
}
type Document = {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
  components: { securitySchemes: Record<string, { name: string }> };
};

describeApi('GET /api/openapi.json and /api/docs', () => {
  const t = useTestApp();

  const fetchDocument = async (): Promise<Document> => {
    const reply = await t().app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['content-type']).toMatch(/^application\/json/);
    return reply.json();
  };

  it('is valid OpenAPI 3.1 by a real validator, with every reference resolving', async () => {
    const document = await fetchDocument();
    expect(document.openapi).toBe('3.1.0');
    const validator = new Validator();
    const result = await validator.validate(document as unknown as Parameters<Validator['validate']>[0]);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
    expect(() => validator.resolveRefs()).not.toThrow();
  });

  it('documents every registered call, and nothing that is not registered', async () => {
    const document = await fetchDocument();
    const documented = Object.entries(document.paths).flatMap(([path, item]) =>
      Object.keys(item).map((method) => `${method.toUpperCase()} ${path}`),
    );
    const registered = registeredCalls(t().app).map(
      (entry) => `${entry.method} /api/${entry.path.replace(/:([A-Za-z_]\w*)/g, '{$1}')}`,
    );
    expect(registered.length).toBeGreaterThan(150);
    expect(new Set(documented)).toEqual(new Set(registered));
    // Operation ids are unique, as OpenAPI requires.
    const ids = Object.values(document.paths).flatMap((item) => Object.values(item).map((op) => op.operationId));
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('describes a call of the endpoint table with its result, statuses and session scheme', async () => {
    const document = await fetchDocument();
    expect(document.components.securitySchemes.token?.name).toBe('X-MathBridge-Token');
    const detail = document.paths['/api/cooperateWish/detail/{id}']?.get;
    expect(detail?.security).toEqual([{ token: [] }]);
    expect(detail?.['x-envelope-statuses']).toEqual(
      expect.arrayContaining([STATUS.ok, STATUS.notLoggedIn, STATUS.forbidden, STATUS.notFound]),
    );
    const envelope = detail?.responses['200']?.content['application/json']?.schema;
    const result = envelope?.properties.result as { anyOf: { properties?: Record<string, unknown> }[] };
    expect(Object.keys(result.anyOf[0]?.properties ?? {})).toEqual(
      expect.arrayContaining(Object.keys(wishEndpoints.detail.output.shape)),
    );
  });

  it('serves the reference page and its files from the product, under a strict policy', async () => {
    const page = await t().app.inject({ method: 'GET', url: '/api/docs' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    const sources = [...page.body.matchAll(/(?:src|href)="([^"]+)"/g)].map((match) => match[1] as string);
    expect(sources.length).toBeGreaterThanOrEqual(4);
    for (const source of sources) {
      expect(source.startsWith('/api/docs/')).toBe(true);
      const file = await t().app.inject({ method: 'GET', url: source });
      expect(file.statusCode, source).toBe(200);
      expect(file.rawPayload.length, source).toBeGreaterThan(100);
    }
    const init = await t().app.inject({ method: 'GET', url: '/api/docs/init.js' });
    expect(init.body).toContain("'/api/openapi.json'");
  });
});

describe('answers checked against the endpoint table (test projects)', () => {
  const probe = endpoint({
    method: 'GET',
    path: 'probe/item/:id',
    summary: 'A probe',
    auth: 'none',
    input: z.object({ id: z.coerce.number().int() }),
    output: z.object({ id: z.number().int(), name: z.string() }),
    statuses: [STATUS.notFound],
  });

  const probeApp = async (handler: (id: number) => Promise<unknown>) => {
    const app = Fastify();
    installEnvelope(app);
    checkResponses(app);
    // The handler's type follows the endpoint; these probes return wrong answers on purpose.
    defineCall(app, probe, ({ input }) => handler(input.id) as Promise<{ id: number; name: string }>);
    await app.ready();
    return app;
  };
  const get = async (app: FastifyInstance, id: number) =>
    (await app.inject({ method: 'GET', url: `/api/probe/item/${id}?ignore_sign=1` })).json<{
      status: number;
      message: string;
    }>();

  it('passes a matching result and a documented status', async () => {
    const app = await probeApp(async (id) => {
      if (id === 2) throw notFound();
      return { id, name: 'x' };
    });
    expect(await get(app, 1)).toMatchObject({ status: STATUS.ok, result: { id: 1, name: 'x' } });
    expect(await get(app, 2)).toMatchObject({ status: STATUS.notFound });
    await app.close();
  });

  it('turns a result that drifted, or an undocumented status, into a 500 that says what drifted', async () => {
    const app = await probeApp(async (id) => {
      if (id === 2) throw conflict();
      return { id: String(id) };
    });
    const drifted = await get(app, 1);
    expect(drifted.status).toBe(STATUS.internal);
    expect(drifted.message).toContain('GET probe/item/:id');
    expect(drifted.message).toMatch(/id: .*expected number/i);
    expect(drifted.message).toContain('name:');
    const undocumented = await get(app, 2);
    expect(undocumented.status).toBe(STATUS.internal);
    expect(undocumented.message).toContain('status 409 is not documented');
    await app.close();
  });
});

describe('answers written from the output schema (issue 26 §2)', () => {
  const probe = endpoint({
    method: 'GET',
    path: 'probe/writer',
    summary: 'A probe',
    auth: 'none',
    output: z.object({ id: z.number().int(), at: z.string(), tags: z.array(z.string()).nullable() }),
  });

  const probeApp = async (checked: boolean, answer: unknown) => {
    const app = Fastify();
    installEnvelope(app);
    if (checked) checkResponses(app);
    // The probes return answers beside the schema on purpose.
    defineCall(app, probe, async () => answer as { id: number; at: string; tags: string[] | null });
    await app.ready();
    return app;
  };
  const get = async (app: FastifyInstance) =>
    (await app.inject({ method: 'GET', url: '/api/probe/writer?ignore_sign=1' })).json<{
      status: number;
      message: string;
      result: unknown;
    }>();

  it('writes what the schema names, as JSON.stringify would', async () => {
    const answer = { id: 1, at: '2026-11-28T00:00:00.000Z', tags: ['优化', 'a"b'] };
    for (const checked of [false, true]) {
      const app = await probeApp(checked, answer);
      expect(await get(app)).toMatchObject({ status: STATUS.ok, result: answer });
      await app.close();
    }
  });

  it('in production drops a field the schema does not name; the test projects call that a drift', async () => {
    const answer = { id: 1, at: 'x', tags: null, secret: 'not in the table' };
    const production = await probeApp(false, answer);
    expect((await get(production)).result).toEqual({ id: 1, at: 'x', tags: null });
    await production.close();
    const checked = await probeApp(true, answer);
    const drifted = await get(checked);
    expect(drifted.status).toBe(STATUS.internal);
    expect(drifted.message).toContain('the schema serializer writes it differently: envelope.result.secret');
    await checked.close();
  });
});

describe('an object the schema only calls an object', () => {
  it('is written whole, as JSON.stringify writes it', async () => {
    const probe = endpoint({
      method: 'GET',
      path: 'probe/open',
      summary: 'A probe',
      auth: 'none',
      output: z.object({
        data: z.custom<Record<string, unknown>>((v) => typeof v === 'object').meta({ type: 'object' }),
      }),
    });
    const app = Fastify();
    installEnvelope(app);
    checkResponses(app);
    defineCall(app, probe, async () => ({ data: { truename: '李明', nested: { n: 1 } } }));
    await app.ready();
    const answer = (await app.inject({ method: 'GET', url: '/api/probe/open?ignore_sign=1' })).json<{
      result: unknown;
    }>();
    expect(answer).toMatchObject({ status: STATUS.ok, result: { data: { truename: '李明', nested: { n: 1 } } } });
    await app.close();
  });
});
