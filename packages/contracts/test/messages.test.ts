import { describe, expect, it } from 'vitest';
import { LOCALES, type Locale } from '../src/locales.ts';
import { MESSAGES, translate } from '../src/messages.ts';

/** Every leaf of a catalog as `dotted.key → value`. */
function leaves(node: unknown, prefix = ''): Map<string, unknown> {
  const out = new Map<string, unknown>();
  if (typeof node !== 'object' || node === null) {
    out.set(prefix, node);
    return out;
  }
  for (const [key, value] of Object.entries(node)) {
    for (const [k, v] of leaves(value, prefix ? `${prefix}.${key}` : key)) out.set(k, v);
  }
  return out;
}

const placeholders = (text: string): string[] =>
  [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1] ?? '').sort();

const reference = leaves(MESSAGES['en-US']);

describe('message catalogs', () => {
  it('has a catalog for every locale', () => {
    expect(Object.keys(MESSAGES).sort()).toEqual([...LOCALES].sort());
    expect(reference.size).toBeGreaterThan(0);
  });

  for (const locale of LOCALES) {
    describe(locale, () => {
      const catalog = leaves(MESSAGES[locale]);

      it('has exactly the keys of en-US', () => {
        expect([...catalog.keys()].sort()).toEqual([...reference.keys()].sort());
      });

      it('has a non-empty string for every key', () => {
        for (const [key, value] of catalog) {
          expect(typeof value, key).toBe('string');
          expect(String(value).trim(), key).not.toBe('');
        }
      });

      it('uses the same {{placeholders}} as en-US', () => {
        for (const [key, value] of catalog) {
          expect(placeholders(String(value)), key).toEqual(placeholders(String(reference.get(key))));
        }
      });

      it('writes no placeholder with single braces', () => {
        for (const [key, value] of catalog) {
          expect(String(value).replace(/\{\{\s*\w+\s*\}\}/g, ''), key).not.toMatch(/[{}]/);
        }
      });
    });
  }

  it('is actually translated: the Chinese catalogs differ from English and from each other', () => {
    const zhCN = leaves(MESSAGES['zh-CN']);
    const zhHK = leaves(MESSAGES['zh-HK']);
    expect(zhCN.get('validation.required')).not.toBe(reference.get('validation.required'));
    expect(zhHK.get('validation.required')).not.toBe(zhCN.get('validation.required'));
  });
});

describe('translate', () => {
  it('interpolates parameters in every locale', () => {
    const expected: Record<Locale, string> = {
      'zh-CN': '请将信息缩短至30个字符以内',
      'zh-HK': '請將資訊縮短至30個字元以內',
      'en-US': 'Shorten the information to 30 characters',
    };
    for (const locale of LOCALES) expect(translate(locale, 'validation.maxLength', { max: 30 })).toBe(expected[locale]);
    expect(translate('en-US', 'errors.httpError', { code: 502 })).toBe('api error, HTTP CODE: 502');
    expect(translate('zh-CN', 'errors.rateLimited', { seconds: '15' })).toBe('操作过于频繁，请15秒后再试');
    expect(translate('en-US', 'errors.fileRule', { types: 'jpg/png', size: '2 MB' })).toBe(
      'Only jpg/png, at most 2 MB',
    );
  });

  it('returns a message without parameters as it is', () => {
    expect(translate('zh-HK', 'validation.required')).toBe('請填寫');
    expect(translate('en-US', 'errors.notFound')).toBe('Not found');
  });

  it('leaves a missing parameter empty rather than showing the braces', () => {
    expect(translate('en-US', 'validation.maxLength')).toBe('Shorten the information to  characters');
  });

  it('falls back to the key for an unknown or incomplete key', () => {
    expect(translate('zh-CN', 'validation.nope')).toBe('validation.nope');
    expect(translate('en-US', 'nope.deeper.still')).toBe('nope.deeper.still');
    expect(translate('en-US', 'validation')).toBe('validation');
    expect(translate('en-US', '')).toBe('');
  });

  it('falls back to zh-CN for an unsupported locale', () => {
    expect(translate('fr-FR' as Locale, 'validation.required')).toBe('请填写');
  });
});
