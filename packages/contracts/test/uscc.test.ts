import { describe, expect, it } from 'vitest';
import { CreditCodeSchema } from '../src/identity.ts';
import { creditCodeCheckChar, isValidCreditCode } from '../src/uscc.ts';
import { checkValue } from '../src/validation.ts';

/** Codes printed on real business licences and legal-person certificates. */
const REAL = [
  '91350100M000100Y43',
  '9144030071526726XG',
  '91330100716105852F',
  '91110000802100433B',
  '911100001000128855',
  '12100000400000624D',
];

describe('unified social credit code (GB 32100)', () => {
  it('accepts real codes, in upper or lower case', () => {
    for (const code of REAL) expect(isValidCreditCode(code), code).toBe(true);
    expect(isValidCreditCode(' 91350100m000100y43 ')).toBe(true);
  });

  it('refuses a wrong check character, wherever the typo is', () => {
    expect(isValidCreditCode('91350100M000100Y44')).toBe(false);
    expect(isValidCreditCode('91350100M000101Y43')).toBe(false);
    expect(isValidCreditCode('81350100M000100Y43')).toBe(false);
  });

  it('refuses the letters GB 32100 leaves out (I, O, S, V, Z) and wrong lengths', () => {
    for (const letter of ['I', 'O', 'S', 'V', 'Z']) expect(isValidCreditCode(`91350100M000100Y4${letter}`)).toBe(false);
    expect(isValidCreditCode('91350100M000100Y4')).toBe(false);
    expect(isValidCreditCode('91350100M000100Y433')).toBe(false);
    expect(isValidCreditCode('')).toBe(false);
  });

  it('computes the check character from the first 17', () => {
    expect(creditCodeCheckChar('91350100M000100Y4')).toBe('3');
    expect(creditCodeCheckChar('9144030071526726X')).toBe('G');
    expect(creditCodeCheckChar('9135010OM000100Y4')).toBeNull();
    expect(creditCodeCheckChar('123')).toBeNull();
  });

  it('validates with the localized message and stores the upper-case form', () => {
    expect(CreditCodeSchema.parse('91350100m000100y43')).toBe('91350100M000100Y43');
    expect(checkValue(CreditCodeSchema, '91350100M000100Y44', 'zh-CN')).toBe('请输入正确的统一社会信用代码（18位）');
    expect(checkValue(CreditCodeSchema, '', 'en-US')).toBe('Please fill in');
  });
});
