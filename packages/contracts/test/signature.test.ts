import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { SIGN_SALT, verbatimFieldsOf } from '../src/constants.ts';
import { canonicalPayload, cleanPayload, queryParams, signPayload, type Payload } from '../src/signature.ts';

/** What the server receives: the payload after the JSON trip. */
const overTheWire = (payload: Payload): Payload => JSON.parse(JSON.stringify(payload)) as Payload;

describe('cleanPayload', () => {
  it('drops null, undefined and blank strings and trims the rest', () => {
    expect(cleanPayload({ a: 1, b: null, c: undefined, d: '', e: '   ', f: ' x ', g: '\tmath\n' })).toEqual({
      a: 1,
      f: 'x',
      g: 'math',
    });
  });

  it('keeps falsy values that carry meaning: 0, false and empty collections', () => {
    expect(cleanPayload({ zero: 0, no: false, list: [], obj: {} })).toEqual({ zero: 0, no: false, list: [], obj: {} });
  });

  it('cleans nested objects and arrays', () => {
    const payload = {
      user: { name: ' 张三 ', email: '', phone: null, address: { city: ' 北京 ', street: '  ' } },
      tags: [' algebra ', '', null, undefined, 'topology', 3],
      rows: [
        { id: 1, note: '  ' },
        { id: 2, note: ' ok ' },
      ],
    };
    expect(cleanPayload(payload)).toEqual({
      user: { name: '张三', address: { city: '北京' } },
      tags: ['algebra', 'topology', 3],
      rows: [{ id: 1 }, { id: 2, note: 'ok' }],
    });
  });

  it('keeps verbatim keys exactly (a document), cleaning the fields beside them', () => {
    const content = { cells: [{ source: ['def f():\n', '\n', '    return 1\n'], execution_count: null, note: ' ' }] };
    expect(cleanPayload({ title: ' 标题 ', content, empty: '' }, verbatimFieldsOf('notebook/save'))).toEqual({
      title: '标题',
      content,
    });
    expect(verbatimFieldsOf('notebook/save')).toEqual(['content']);
    expect(verbatimFieldsOf('content/article/save')).toEqual([]);
    // Both ends sign the same text when both name the key.
    expect(signPayload(overTheWire({ content }), ['content'])).toBe(signPayload({ content }, ['content']));
    expect(signPayload({ content }, ['content'])).not.toBe(signPayload({ content }));
  });

  it('leaves the input untouched', () => {
    const payload = { a: ' x ', b: null, nested: { c: '' } };
    const copy = structuredClone(payload);
    cleanPayload(payload);
    expect(payload).toEqual(copy);
  });
});

describe('canonicalPayload', () => {
  it('sorts keys at every depth and keeps array order', () => {
    expect(canonicalPayload({ b: 1, a: { d: [3, 1, 2], c: 'x' } })).toBe('{"a":{"c":"x","d":[3,1,2]},"b":1}');
    expect(canonicalPayload({ list: [{ z: 1, y: 2 }] })).toBe('{"list":[{"y":2,"z":1}]}');
  });

  it('ignores sign and ignore_sign', () => {
    expect(canonicalPayload({ a: 1, sign: 'abc', ignore_sign: 0 })).toBe('{"a":1}');
    expect(canonicalPayload({ sign: 'abc', ignore_sign: 1 })).toBe('{}');
  });

  it('is the canonical text of the cleaned payload', () => {
    expect(canonicalPayload({ a: ' x ', b: '', c: null })).toBe(canonicalPayload({ a: 'x' }));
  });
});

describe('signPayload', () => {
  const payload = { title: '数据建模', budget: 5000, tags: ['a', 'b'], contact: { name: 'Li', phone: '13812345678' } };

  it('is the hex SHA-256 of the canonical payload followed by the salt', () => {
    const expected = createHash('sha256')
      .update(canonicalPayload(payload) + SIGN_SALT)
      .digest('hex');
    expect(signPayload(payload)).toBe(expected);
    expect(signPayload(payload)).toMatch(/^[0-9a-f]{64}$/);
  });

  it('does not depend on key order', () => {
    const reordered = {
      contact: { phone: '13812345678', name: 'Li' },
      tags: ['a', 'b'],
      budget: 5000,
      title: '数据建模',
    };
    expect(signPayload(reordered)).toBe(signPayload(payload));
  });

  it('does not depend on blank values, surrounding spaces or the sign fields', () => {
    const noisy = { ...payload, title: ' 数据建模 ', note: '', extra: null, sign: 'whatever', ignore_sign: 0 };
    expect(signPayload(noisy)).toBe(signPayload(payload));
  });

  it('matches what the server computes from the JSON body it receives', () => {
    const sent = { ...payload, empty: '', missing: undefined, nested: { blank: '  ', kept: ' v ' } };
    expect(signPayload(overTheWire(sent))).toBe(signPayload(sent));
  });

  it('changes when any value changes', () => {
    const base = signPayload(payload);
    expect(signPayload({ ...payload, title: '数据建模2' })).not.toBe(base);
    expect(signPayload({ ...payload, budget: 5001 })).not.toBe(base);
    expect(signPayload({ ...payload, budget: '5000' })).not.toBe(base);
    expect(signPayload({ ...payload, tags: ['b', 'a'] })).not.toBe(base);
    expect(signPayload({ ...payload, contact: { name: 'Li', phone: '13812345679' } })).not.toBe(base);
    expect(signPayload({ ...payload, extra: 0 })).not.toBe(base);
  });

  it('signs a date as the text it is sent as, so a changed date changes the signature', () => {
    const at = { deadline: new Date('2025-01-31T00:00:00.000Z') };
    expect(signPayload(at)).toBe(signPayload(overTheWire(at)));
    expect(signPayload(at)).not.toBe(signPayload({ deadline: new Date('2025-02-01T00:00:00.000Z') }));
  });
});

describe('queryParams', () => {
  it('turns every value into trimmed text and drops empty ones', () => {
    expect(
      queryParams({
        page: 1,
        size: 20,
        keyword: ' 数学 ',
        status: '',
        owner: null,
        region: undefined,
        draft: false,
        zero: 0,
      }),
    ).toEqual({ page: '1', size: '20', keyword: '数学', draft: 'false', zero: '0' });
  });

  it('signs the same as the parameters the server parses from the query string', () => {
    const params = queryParams({ page: 2, keyword: ' 拓扑 ', empty: '', verified: true });
    const received = Object.fromEntries(new URLSearchParams(params));
    expect(signPayload(received)).toBe(signPayload(params));
    expect(signPayload(params)).not.toBe(signPayload({ page: 2, keyword: '拓扑', verified: true }));
  });
});
