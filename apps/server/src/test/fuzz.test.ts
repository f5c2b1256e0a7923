import type { FastifyInstance, InjectOptions } from 'fastify';
import { expect, it, beforeAll } from 'vitest';
import { TOKEN_HEADER } from '@mathbridge/contracts/constants';
import { registeredCalls, type RegisteredCall } from '../plugins/call.ts';
import { call, describeApi, registerUser, useTestApp } from './harness.ts';
import { signInAdmin } from '../modules/identity/identity.fixtures.ts';

/**
 * Bad input never becomes a 500 (issue 9, point 5): every call the app declares (`defineCall`'s
 * registry, so a new call is fuzzed the day it exists) gets the same corpus of hostile values —
 * one field at a time, in the query or the JSON body and in path parameters, plus whole-body
 * attacks — as an anonymous caller, an ordinary signed-in user and an admin. No answer may be
 * HTTP 500 or envelope status 500. Requests skip the signature (`ignore_sign=1`): it is not
 * security, and a wrong sign would stop every request before validation.
 */

const INT_MAX = 2 ** 31 - 1;
const b64 = (text: string) => Buffer.from(text).toString('base64url');

/** Values put into one field at a time. `raw` is JSON text spliced into a body (numbers JSON cannot build). */
type FieldValue = { name: string; value: unknown } | { name: string; raw: string };
const FIELD_VALUES: FieldValue[] = [
  { name: 'NUL', value: 'a\u0000b' },
  { name: 'NUL only', value: '\u0000' },
  { name: '2^31', value: INT_MAX + 1 },
  { name: '2^63', value: '9223372036854775808' },
  { name: '2^63 number', value: 2 ** 63 },
  { name: '1e300', value: 1e300 },
  { name: '-1', value: -1 },
  { name: '1e309', raw: '1e309' },
  { name: "'1e3'", value: '1e3' },
  { name: '0.5', value: 0.5 },
  { name: 'array', value: [1, 'x'] },
  { name: 'object', value: { a: 1 } },
  { name: 'true', value: true },
  { name: 'long', value: 'x'.repeat(60_000) },
  { name: 'lone surrogate', value: 'a\ud800b' },
  { name: 'emoji', value: '😀\u202e' },
];

/** Crafted and garbage cursors, for every field named `cursor`. */
const CURSORS: FieldValue[] = [
  ['["x",2147483648]', 'huge id'],
  ['["x",9223372036854775807]', '2^63 id'],
  ['[1e300,1]', 'huge key'],
  ['["2025-01-01",-5]', 'negative id'],
  ['["a\\u0000b",1]', 'NUL key'],
  ['[{"a":1},1]', 'object key'],
  ['[null,1]', 'null key'],
  ['["x",1,2]', 'three parts'],
  ['"x"', 'not an array'],
  ['[1.5,1.5]', 'fractions'],
  ['["x",1]', 'string key'],
  ['[123456789012,1]', 'number key'],
].map(([json, name]) => ({ name: `cursor ${name}`, value: b64(json as string) }));
CURSORS.push({ name: 'cursor garbage', value: '!!not-base64~~' }, { name: 'cursor huge', value: 'A'.repeat(20_000) });

/** Path parameter values (as URL text). */
const PATH_VALUES = [
  '2147483648',
  '9223372036854775808',
  '-1',
  '1e309',
  '1e3',
  '0',
  '%00',
  'a%00',
  'abc',
  '0x10',
  '1.5',
];

/** ~200 KB of nesting, and other bodies that are not the object a call expects. */
const nested = (open: string, close: string, levels: number, inner = '1') =>
  `${open.repeat(levels)}${inner}${close.repeat(levels)}`;
const WHOLE_BODIES: { name: string; body: string; type?: string }[] = [
  { name: 'deep arrays 200 KB', body: `{"ignore_sign":1,"id":${nested('[', ']', 100_000)}}` },
  { name: 'deep objects 200 KB', body: `{"ignore_sign":1,"x":${nested('{"a":', '}', 40_000)}}` },
  { name: 'deep arrays, signed', body: `{"sign":"x","ignore_sign":0,"x":${nested('[', ']', 100_000)}}` },
  { name: 'deep top level', body: nested('[', ']', 100_000) },
  { name: '33 levels', body: `{"ignore_sign":1,"x":${nested('[', ']', 32)}}` },
  { name: 'invalid JSON', body: '{"ignore_sign":1,"id":' },
  { name: 'empty body', body: '' },
  { name: 'JSON array', body: '[1,2]' },
  { name: 'JSON string', body: '"x"' },
  { name: 'JSON null', body: 'null' },
  { name: 'NUL key', body: '{"ignore_sign":1,"a\u0000":1}' },
  { name: 'proto pollution', body: '{"ignore_sign":1,"__proto__":{"x":1},"id":1}' },
  { name: 'text/plain', body: 'id=1', type: 'text/plain' },
  { name: 'xml', body: '<id>1</id>', type: 'application/xml' },
  { name: 'multipart without boundary', body: 'x', type: 'multipart/form-data' },
];

/** The field names of a call's input schema (zod 4: objects inside pipes, optionals, defaults, unions). */
function fieldsOf(schema: unknown): string[] {
  const def = (schema as { _zod?: { def?: Record<string, unknown> } } | undefined)?._zod?.def;
  if (!def) return [];
  switch (def.type) {
    case 'object':
      return Object.keys(def.shape as object);
    case 'pipe':
      return [...new Set([...fieldsOf(def.in), ...fieldsOf(def.out)])];
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'catch':
    case 'readonly':
      return fieldsOf(def.innerType);
    case 'intersection':
      return [...new Set([...fieldsOf(def.left), ...fieldsOf(def.right)])];
    case 'union':
      return [...new Set((def.options as unknown[]).flatMap(fieldsOf))];
    default:
      return [];
  }
}

interface Principal {
  name: string;
  token?: string;
  /** Whether this caller's input reaches validation (not stopped by 305/304 before it). */
  reaches: (call: RegisteredCall) => boolean;
}

interface Case {
  call: RegisteredCall;
  what: string;
  request: InjectOptions;
}

const pathWith = (call: RegisteredCall, values: Record<string, string> = {}) =>
  '/api/' + call.path.replace(/:(\w+)/g, (_, param: string) => values[param] ?? '1');
const paramsOf = (call: RegisteredCall) => [...call.path.matchAll(/:(\w+)/g)].map((m) => m[1] as string);

/** JSON text of a body with `field` set to a value (raw values spliced in as text). */
function bodyWith(field: string, value: FieldValue): string {
  const marker = '"__raw__"';
  const json = JSON.stringify({ ignore_sign: 1, [field]: 'raw' in value ? '__raw__' : value.value });
  return 'raw' in value ? json.replace(marker, value.raw) : json;
}

function queryWith(field: string, value: FieldValue): Record<string, string | string[]> {
  const v = 'raw' in value ? value.raw : value.value;
  const text = Array.isArray(v) ? v.map(String) : typeof v === 'object' ? JSON.stringify(v) : String(v);
  return { ignore_sign: '1', [field]: text };
}

/**
 * The corpus for one call: every field × every value and path parameters (`fields`), and whole
 * bodies. Callers stopped before validation (anonymous on a signed-in call, an ordinary user on a
 * workspace call) get only what is read before that: the body and the path.
 */
function casesOf(call: RegisteredCall, fields: boolean): Case[] {
  const cases: Case[] = [];
  const params = paramsOf(call);
  const names = fieldsOf(call.input).filter((f) => !params.includes(f));
  const sendsQuery = call.method === 'GET' || call.multipart;
  for (const field of fields ? (names.length ? names : ['id']) : []) {
    const values = field === 'cursor' ? CURSORS : FIELD_VALUES;
    for (const value of values) {
      const what = `${field} = ${value.name}`;
      cases.push({
        call,
        what,
        request: sendsQuery
          ? { method: call.method, url: pathWith(call), query: queryWith(field, value) }
          : {
              method: call.method,
              url: pathWith(call),
              payload: bodyWith(field, value),
              headers: { 'content-type': 'application/json' },
            },
      });
    }
  }
  for (const param of params) {
    for (const value of PATH_VALUES) {
      cases.push({
        call,
        what: `:${param} = ${value}`,
        request: {
          method: call.method,
          url: pathWith(call, { [param]: value }),
          ...(sendsQuery
            ? { query: { ignore_sign: '1' } }
            : { payload: '{"ignore_sign":1}', headers: { 'content-type': 'application/json' } }),
        },
      });
    }
  }
  if (!sendsQuery) {
    for (const body of WHOLE_BODIES) {
      cases.push({
        call,
        what: body.name,
        request: {
          method: call.method,
          url: pathWith(call),
          payload: body.body,
          headers: { 'content-type': body.type ?? 'application/json' },
        },
      });
    }
  } else if (fields) {
    // Repeated keys make arrays of a GET's query values.
    cases.push({
      call,
      what: 'repeated query keys',
      request: {
        method: call.method,
        url: `${pathWith(call)}?ignore_sign=1&id=1&id=2&cursor=a&cursor=b&page=1&page=2`,
      },
    });
  }
  return cases;
}

/** Runs `work` over `items` with at most `limit` in flight. */
async function pool<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: limit }, async () => {
      while (next < items.length) {
        const item = items[next];
        next += 1;
        await work(item as T);
      }
    }),
  );
}

describeApi('fuzz: bad input never becomes a 500', () => {
  const t = useTestApp();
  const principals: Principal[] = [{ name: 'anonymous', reaches: (call) => call.auth === 'none' }];
  beforeAll(async () => {
    const user = await registerUser(t().app);
    const admin = await signInAdmin(t());
    principals.push(
      { name: 'user', token: user.token, reaches: (call) => call.section === undefined },
      { name: 'admin', token: admin.token, reaches: () => true },
    );
  });

  it('answers every call with every bad value, as every principal, without a 500', async () => {
    const app: FastifyInstance = t().app;
    const calls = registeredCalls(app);
    expect(calls.length).toBeGreaterThan(50);
    // Logging out would end the principal's session for the rest of the walk.
    const walked = calls.filter((call) => call.path !== 'user/logout');
    const jobs = principals.flatMap((principal) =>
      walked.flatMap((call) => casesOf(call, principal.reaches(call)).map((c) => ({ principal, c }))),
    );
    const failures: string[] = [];
    const tally = new Map<string, number>();
    await pool(jobs, 8, async ({ principal, c }) => {
      const headers: Record<string, string> = {
        ...(c.request.headers as Record<string, string>),
        'accept-language': 'en-US',
      };
      if (principal.token) headers[TOKEN_HEADER] = principal.token;
      const response = await app.inject({ ...c.request, headers, remoteAddress: '10.9.0.1' });
      let status = response.statusCode;
      try {
        const body = JSON.parse(response.body) as { status?: number };
        if (typeof body.status === 'number') status = body.status;
      } catch {
        // not an envelope: the HTTP code stands
      }
      const key = `${response.statusCode}/${status}`;
      tally.set(key, (tally.get(key) ?? 0) + 1);
      if (response.statusCode >= 500 || status >= 500)
        failures.push(
          `${principal.name} ${c.call.method} ${c.call.path} [${c.what}] → ${response.statusCode} ${response.body.slice(0, 160)}`,
        );
    });
    const perPrincipal = principals.map((p) => `${p.name} ${jobs.filter((j) => j.principal === p).length}`);
    console.info(
      `fuzz corpus: ${walked.length} calls × ${FIELD_VALUES.length} field values (${CURSORS.length} cursors, ${PATH_VALUES.length} path values, ${WHOLE_BODIES.length} bodies) × ${principals.length} principals = ${jobs.length} requests (${perPrincipal.join(', ')})`,
      Object.fromEntries([...tally].sort()),
    );
    if (failures.length) {
      // By value (the field name dropped), to see which classes of input still fail.
      const byValue = new Map<string, number>();
      for (const failure of failures) {
        const value = (/\[(.*)\]/.exec(failure)?.[1] ?? '').replace(/^[\w:]+ = /, '');
        byValue.set(value, (byValue.get(value) ?? 0) + 1);
      }
      console.info(
        `${failures.length} answers were 500, by value:`,
        Object.fromEntries(byValue),
        `\n${failures.slice(0, 80).join('\n')}`,
      );
    }
    expect(failures).toEqual([]);
  }, 240_000);

  it('answers the reported cases with 400 and a field error: NUL, ids above 2^31 − 1, crafted cursors, deep JSON', async () => {
    const app = t().app;
    const anonymous = await call<{ errors: { field: string; code: string }[] }>(app, 'GET', 'org/listAllV2', {
      keyword: 'a\u0000b',
    });
    expect([anonymous.status, anonymous.result.errors]).toEqual([
      400,
      [{ field: 'keyword', code: 'nulCharacter', message: '包含不允许的字符（NUL）' }],
    ]);
    for (const path of ['org/detail/2147483648', 'user/avatar/2147483648', 'org/logo/9223372036854775808']) {
      const reply = await call<{ errors: { field: string }[] }>(app, 'GET', path, {});
      expect([path, reply.status, reply.result.errors.map((e) => e.field)]).toEqual([path, 400, ['id']]);
    }
    expect((await call(app, 'GET', 'org/detail/2147483647', {})).status).toBe(404);
    const admin = await signInAdmin(t());
    for (const cursor of [b64('["x",2147483648]'), b64('["a\\u0000",1]'), b64('[1e300,1]'), 'garbage!']) {
      const reply = await call(app, 'GET', 'demand/publishedList', { cursor }, { token: admin.token });
      expect([cursor, reply.status, reply.message]).toEqual([cursor, 400, '列表位置已失效，请重新加载列表']);
    }
    const budget = await call(
      app,
      'GET',
      'demand/publishedList',
      { sort: 'budget', cursor: b64('["x",1]') },
      {
        token: admin.token,
      },
    );
    expect(budget.status).toBe(400);
    const deep = await app.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: `{"ignore_sign":1,"phone_details":${'['.repeat(100_000)}${']'.repeat(100_000)}}`,
      headers: { 'content-type': 'application/json', 'accept-language': 'en-US' },
    });
    expect([deep.statusCode, JSON.parse(deep.body)]).toEqual([
      200,
      {
        status: 400,
        message: 'The request is nested too deeply (at most 32 levels)',
        result: {
          errors: [
            { field: 'body', code: 'bodyTooDeep', message: 'The request is nested too deeply (at most 32 levels)' },
          ],
        },
      },
    ]);
  });
});
