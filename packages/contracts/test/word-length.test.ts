import { describe, expect, it } from 'vitest';
import { LOCALES } from '../src/locales.ts';
import { TITLE_MAX_UNITS, checkValue, titleString, wordLength } from '../src/validation.ts';

describe('wordLength (the word-limit helper)', () => {
  it('counts Latin characters as one', () => {
    expect(wordLength('')).toBe(0);
    expect(wordLength('abc')).toBe(3);
    expect(wordLength('Hello, world 2024!')).toBe(18);
    expect(wordLength('café naïve')).toBe(10);
  });

  it('counts non-Latin characters as two', () => {
    expect(wordLength('数桥')).toBe(4);
    expect(wordLength('數學')).toBe(4);
    expect(wordLength('数学abc')).toBe(7);
    expect(wordLength('，')).toBe(2); // full-width punctuation
    expect(wordLength('한글')).toBe(4);
    expect(wordLength('αβ')).toBe(4);
  });

  it('counts a character outside the basic plane once, as non-Latin', () => {
    expect(wordLength('𠀀')).toBe(2);
    expect(wordLength('😀a')).toBe(3);
  });
});

describe('titleString (spec §5: title maximum 10 characters)', () => {
  const title = titleString();
  const tooLong = {
    'zh-CN': '请将信息缩短至10个字符以内',
    'zh-HK': '請將資訊縮短至10個字元以內',
    'en-US': 'Shorten the information to 10 characters',
  } as const;

  it('allows 20 units', () => {
    expect(TITLE_MAX_UNITS).toBe(20);
    for (const value of ['a'.repeat(20), '数'.repeat(10), `${'数'.repeat(9)}ab`, `  ${'数'.repeat(10)}  `]) {
      expect(title.safeParse(value).success, value).toBe(true);
    }
  });

  it('refuses 21 units and says the limit is 10 characters in every locale', () => {
    for (const value of ['a'.repeat(21), `${'数'.repeat(10)}a`, '数'.repeat(11), `${'数'.repeat(9)}abc`]) {
      expect(wordLength(value.trim())).toBeGreaterThan(20);
      for (const locale of LOCALES)
        expect(checkValue(title, value, locale), `${value} (${locale})`).toBe(tooLong[locale]);
    }
  });

  it('asks to fill in a blank title', () => {
    expect(checkValue(title, '  ', 'zh-CN')).toBe('请填写');
    expect(checkValue(title, undefined, 'en-US')).toBe('Please fill in');
  });

  it('takes another limit in units and names it in characters', () => {
    const long = titleString(40);
    expect(long.safeParse('数'.repeat(20)).success).toBe(true);
    expect(checkValue(long, '数'.repeat(21), 'en-US')).toBe('Shorten the information to 20 characters');
  });
});
