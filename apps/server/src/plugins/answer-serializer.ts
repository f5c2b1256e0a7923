import { isDeepStrictEqual } from 'node:util';
import { isFileAnswer, type Endpoint } from '@mathbridge/contracts/endpoint';
import fastJson, { type Schema } from 'fast-json-stringify';
import { z } from 'zod';

/**
 * A call's successful envelope written by fast-json-stringify compiled from the endpoint table's
 * output schema (issue 26 §2). `npm run bench -- serializer` measured it against JSON.stringify on
 * the real answers of the list calls under budget: 1.1–1.6× faster to write (≈5 µs of ≈25 µs per
 * page), the same JSON on every one. Error envelopes carry other results and keep JSON.stringify
 * (Fastify's default), so this is set per reply, only on a 200 envelope.
 *
 * Compiled on a call's first answer, not at start-up (two hundred compilations would slow every
 * start for calls a process may never answer). A schema fast-json-stringify cannot compile keeps
 * JSON.stringify.
 */
type Write = (value: unknown) => string;

const compiled = new WeakMap<Endpoint, Write | null>();

export function schemaWriterOf(endpoint: Endpoint): Write | null {
  let write = compiled.get(endpoint);
  if (write !== undefined) return write;
  write = null;
  if (!isFileAnswer(endpoint.output)) {
    try {
      const { $schema: _dialect, ...result } = z.toJSONSchema(endpoint.output, {
        target: 'draft-7',
        io: 'output',
        unrepresentable: 'any',
      });
      write = fastJson({
        type: 'object',
        properties: { status: { type: 'integer' }, message: { type: 'string' }, result: openObjects(result) as Schema },
        required: ['status', 'message', 'result'],
      }) as Write;
    } catch {
      write = null;
    }
  }
  compiled.set(endpoint, write);
  return write;
}

/**
 * An object schema that names no property (a custom check described only as `{ type: 'object' }`,
 * e.g. a certification's submitted form) is open: fast-json-stringify would write it as `{}`, so it
 * becomes "any value", written by JSON.stringify.
 */
function openObjects(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(openObjects);
  if (!schema || typeof schema !== 'object') return schema;
  const node = Object.fromEntries(Object.entries(schema).map(([key, value]) => [key, openObjects(value)]));
  if (
    node.type === 'object' &&
    !('properties' in node) &&
    !('additionalProperties' in node) &&
    !('patternProperties' in node)
  ) {
    const { type: _object, ...any } = node;
    return any;
  }
  return node;
}

/**
 * What the test projects use instead (with the answer checks): the answer as JSON.stringify writes
 * it, so the output schema is checked against exactly what the handler returned, after checking
 * that the schema writer production uses writes the same value. A field the schema does not name
 * (which production would drop) or a value it would coerce is reported to `drift`.
 */
export function checkedWriterOf(endpoint: Endpoint, drift: (message: string) => void): Write | null {
  const write = schemaWriterOf(endpoint);
  if (!write) return null;
  return (value) => {
    const plain = JSON.stringify(value);
    let written: unknown;
    try {
      written = JSON.parse(write(value));
    } catch (error) {
      drift(`the schema serializer cannot write it: ${error instanceof Error ? error.message : String(error)}`);
      return plain;
    }
    if (!isDeepStrictEqual(written, JSON.parse(plain)))
      drift(`the schema serializer writes it differently: ${firstDifference(JSON.parse(plain), written)}`);
    return plain;
  };
}

/** The path of the first value that differs, for a drift message a reader can act on. */
function firstDifference(expected: unknown, actual: unknown, at = 'envelope'): string {
  if (isDeepStrictEqual(expected, actual)) return '';
  if (expected && actual && typeof expected === 'object' && typeof actual === 'object') {
    const keys = new Set([...Object.keys(expected), ...Object.keys(actual)]);
    for (const key of keys) {
      const a = (expected as Record<string, unknown>)[key];
      const b = (actual as Record<string, unknown>)[key];
      if (!isDeepStrictEqual(a, b)) return firstDifference(a, b, `${at}.${key}`);
    }
  }
  return `${at}: ${JSON.stringify(expected)?.slice(0, 80)} became ${JSON.stringify(actual)?.slice(0, 80)}`;
}
