import { describe, expect, it } from 'vitest';
import { LOCALES } from '../src/locales.ts';
import { MSC_CLASSES, MSC_CODES, MAX_RESEARCH_FIELDS, ResearchFieldsSchema, isMscCode, mscName } from '../src/msc.ts';
import { INDUSTRIES, INDUSTRY_CODES, industryName } from '../src/industries.ts';
import { fieldErrors } from '../src/validation.ts';

/** The 63 top-level classes of MSC 2020. */
const MSC_2020 =
  '00 01 03 05 06 08 11 12 13 14 15 16 17 18 19 20 22 26 28 30 31 32 33 34 35 37 39 40 41 42 43 44 45 46 47 49 51 52 53 54 55 57 58 60 62 65 68 70 74 76 78 80 81 82 83 85 86 90 91 92 93 94 97'.split(
    ' ',
  );

describe('MSC 2020 research fields', () => {
  it('has exactly the top-level classes 00–97, ascending', () => {
    expect(MSC_CODES).toEqual(MSC_2020);
    expect([...MSC_CODES].sort()).toEqual(MSC_CODES);
  });

  it('names every class in the three locales', () => {
    for (const entry of MSC_CLASSES)
      for (const locale of LOCALES) expect(entry.name[locale].trim(), `${entry.code} ${locale}`).not.toBe('');
    expect(mscName('35', 'en-US')).toBe('Partial differential equations');
    expect(mscName('35', 'zh-CN')).toBe('偏微分方程');
    expect(mscName('60', 'zh-HK')).toBe('概率論與隨機過程');
    expect(mscName('90', 'zh-CN')).toBe('运筹学，数学规划');
    expect(mscName('02', 'en-US')).toBeUndefined();
    // Traditional and Simplified differ wherever a simplified character is used.
    expect(MSC_CLASSES.filter((e) => e.name['zh-HK'] !== e.name['zh-CN']).length).toBeGreaterThan(50);
  });

  it('accepts 1 to 5 distinct known codes, also comma-separated', () => {
    expect(ResearchFieldsSchema.parse(['11', '35'])).toEqual(['11', '35']);
    expect(ResearchFieldsSchema.parse('11, 35')).toEqual(['11', '35']);
    expect(isMscCode('97')).toBe(true);
    expect(isMscCode('98')).toBe(false);
    const codes = (value: unknown) => {
      const result = ResearchFieldsSchema.safeParse(value);
      return result.success ? [] : fieldErrors(result.error, 'en-US').map((e) => `${e.field}:${e.code}`);
    };
    expect(codes([])).toEqual([':required']);
    expect(codes(undefined)).toEqual([':required']);
    expect(codes(['11', '02'])).toEqual(['1:researchField']);
    expect(codes(['11', '11'])).toEqual([':duplicate']);
    expect(codes(MSC_CODES.slice(0, MAX_RESEARCH_FIELDS + 1))).toEqual([':maxItems']);
  });
});

describe('industries (GB/T 4754-2017 sections)', () => {
  it('has the 20 sections A–T named in three locales', () => {
    expect(INDUSTRY_CODES.join('')).toBe('ABCDEFGHIJKLMNOPQRST');
    for (const entry of INDUSTRIES) for (const locale of LOCALES) expect(entry.name[locale].trim()).not.toBe('');
    expect(industryName('C', 'zh-CN')).toBe('制造业');
    expect(industryName('C', 'zh-HK')).toBe('製造業');
    expect(industryName('J', 'en-US')).toBe('Finance');
  });
});
