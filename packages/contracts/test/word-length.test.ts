import { describe, expect, it } from 'vitest';
import { LOCALES } from '../src/locales.ts';
import { ArticleSaveSchema } from '../src/content.ts';
import { DemandSaveSchema } from '../src/demands.ts';
import { JobSaveSchema } from '../src/jobs.ts';
import { NotebookSaveSchema } from '../src/notebooks.ts';
import { ProjectSaveSchema, QuestionSaveSchema } from '../src/research.ts';
import {
  LONG_TITLE_MAX_UNITS,
  TITLE_MAX_UNITS,
  checkValue,
  fitUnits,
  titleString,
  wordLength,
} from '../src/validation.ts';
import { WishCreateSchema } from '../src/wishes.ts';

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
  // The error states the rule as the hint under the field does (issue 30, defect 11).
  const tooLong = {
    'zh-CN': '请将信息缩短至10个汉字或20个英文字母以内（一个汉字按两个字符计）',
    'zh-HK': '請將資訊縮短至10個漢字或20個英文字母以內（一個漢字按兩個字元計）',
    'en-US': 'Shorten the information to 10 Chinese characters or 20 Latin letters (a Chinese character counts as two)',
  } as const;

  it('allows 20 units', () => {
    expect(TITLE_MAX_UNITS).toBe(20);
    for (const value of ['a'.repeat(20), '数'.repeat(10), `${'数'.repeat(9)}ab`, `  ${'数'.repeat(10)}  `]) {
      expect(title.safeParse(value).success, value).toBe(true);
    }
  });

  it('refuses 21 units and states the rule of the hint in every locale', () => {
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

  it('takes another limit in units and names it in both scripts', () => {
    const long = titleString(LONG_TITLE_MAX_UNITS);
    expect(LONG_TITLE_MAX_UNITS).toBe(60);
    expect(long.safeParse('数'.repeat(30)).success).toBe(true);
    expect(long.safeParse('a'.repeat(60)).success).toBe(true);
    expect(checkValue(long, '数'.repeat(31), 'en-US')).toBe(
      'Shorten the information to 30 Chinese characters or 60 Latin letters (a Chinese character counts as two)',
    );
    expect(checkValue(long, 'a'.repeat(61), 'zh-CN')).toBe(
      '请将信息缩短至30个汉字或60个英文字母以内（一个汉字按两个字符计）',
    );
  });
});

describe('the 30-character titles (issue 30 §11)', () => {
  // Demands and wishes keep the spec's 10 characters; these allow 30 (CJK counting two).
  const titles = {
    job: JobSaveSchema.shape.title,
    'subject or direction': ProjectSaveSchema.shape.title,
    'research question': QuestionSaveSchema.shape.title,
    notebook: NotebookSaveSchema.shape.title,
    news: ArticleSaveSchema.shape.title,
  };

  it.each(Object.entries(titles))('a %s title takes 30 Chinese characters or 60 letters, not more', (_name, title) => {
    expect(title.safeParse('数'.repeat(30)).success).toBe(true);
    expect(title.safeParse('a'.repeat(60)).success).toBe(true);
    expect(checkValue(title, `${'数'.repeat(30)}a`, 'zh-HK')).toBe(
      '請將資訊縮短至30個漢字或60個英文字母以內（一個漢字按兩個字元計）',
    );
  });

  it('keeps demands and wishes at 10', () => {
    expect(checkValue(DemandSaveSchema.shape.title, '数'.repeat(11), 'en-US')).toMatch(/10 Chinese characters/);
    expect(checkValue(WishCreateSchema.shape.title, '数'.repeat(11), 'en-US')).toMatch(/10 Chinese characters/);
  });

  it('fits a title made from a file name into the units, never splitting a character', () => {
    expect(fitUnits('数'.repeat(40), 60)).toBe('数'.repeat(30));
    expect(fitUnits(`a${'数'.repeat(40)}`, 60)).toBe(`a${'数'.repeat(29)}`);
    expect(fitUnits('😀'.repeat(40), 60)).toBe('😀'.repeat(30));
    expect(fitUnits('short', 60)).toBe('short');
  });
});
