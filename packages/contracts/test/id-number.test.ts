import { describe, expect, it } from 'vitest';
import { LOCALES } from '../src/locales.ts';
import { IdNumberSchema, checkValue, isValidIdNumber } from '../src/validation.ts';

/**
 * GB 11643-1999 check character (ISO 7064 MOD 11-2), written out here from the standard so that
 * the examples below are real numbers rather than copies of the implementation's output.
 */
function checkCharacter(first17: string): string {
  let sum = 0;
  for (let i = 0; i < 17; i++) {
    const weight = 2 ** (17 - i) % 11;
    sum += weight * Number(first17[i]);
  }
  return ['1', '0', 'X', '9', '8', '7', '6', '5', '4', '3', '2'][sum % 11] ?? '';
}

/** A full 18-digit number: region code, birth date YYYYMMDD, sequence, correct check character. */
function idNumber(region: string, birth: string, sequence: string): string {
  const first17 = `${region}${birth}${sequence}`;
  expect(first17).toMatch(/^\d{17}$/);
  return first17 + checkCharacter(first17);
}

/** The same number with a different (hence wrong) check character. */
function withWrongCheck(id: string): string {
  const right = id.slice(-1);
  const wrong = right === '0' ? '1' : '0';
  return id.slice(0, -1) + wrong;
}

describe('18-digit ID numbers (GB 11643)', () => {
  it('computes the check character the standard gives for its own example', () => {
    expect(checkCharacter('11010519491231002')).toBe('X');
    expect(idNumber('440304', '19900307', '451')).toBe('440304199003074510');
  });

  it('accepts numbers with a real birth date and the right check character', () => {
    const valid = [
      '11010519491231002X',
      idNumber('440304', '19900307', '451'),
      idNumber('310115', '20000229', '123'), // 2000 is a leap year
      idNumber('110101', '19800101', '001'),
      idNumber('320106', '19000101', '999'), // the earliest year accepted
      idNumber('510104', '20121130', '777'),
    ];
    for (const id of valid) expect(isValidIdNumber(id), id).toBe(true);
  });

  it('accepts a lower-case x and surrounding spaces', () => {
    expect(isValidIdNumber('11010519491231002x')).toBe(true);
    expect(isValidIdNumber(' 11010519491231002X ')).toBe(true);
  });

  it('refuses a wrong check character', () => {
    const ids = [
      '11010519491231002X',
      idNumber('440304', '19900307', '451'),
      idNumber('310115', '20000229', '123'),
      idNumber('110101', '19800101', '001'),
    ];
    for (const id of ids) expect(isValidIdNumber(withWrongCheck(id)), withWrongCheck(id)).toBe(false);
    // Two digits swapped: the check character catches it.
    expect(isValidIdNumber('11010591491231002X')).toBe(false);
  });

  it('refuses impossible birth dates even with a correct check character', () => {
    const impossible = [
      idNumber('110105', '19900230', '123'), // Feb 30
      idNumber('110105', '20010229', '123'), // Feb 29 in a common year
      idNumber('110105', '19000229', '123'), // 1900 was not a leap year
      idNumber('110105', '19900431', '123'), // Apr 31
      idNumber('110105', '19901301', '123'), // month 13
      idNumber('110105', '19900001', '123'), // month 0
      idNumber('110105', '19900100', '123'), // day 0
      idNumber('110105', '18991231', '123'), // before 1900
    ];
    for (const id of impossible) expect(isValidIdNumber(id), id).toBe(false);
  });

  it('refuses a birth date in the future', () => {
    const nextYear = new Date().getUTCFullYear() + 1;
    expect(isValidIdNumber(idNumber('110105', `${nextYear}0101`, '123'))).toBe(false);

    const today = new Date(Date.UTC(2020, 5, 15, 12));
    expect(isValidIdNumber(idNumber('110105', '20200615', '123'), today)).toBe(true);
    expect(isValidIdNumber(idNumber('110105', '20200616', '123'), today)).toBe(false);
  });

  it('refuses the wrong length or non-digits', () => {
    const malformed = [
      '',
      '1101051949123100', // 16 digits
      '11010519491231002', // 17 digits, check character missing
      '1101051949123100211', // 19 digits
      '1101051949123100XX',
      '11010519491231X021', // X only allowed last
      '11010519491231002Y',
      '１１０１０５１９４９１２３１００２Ｘ', // full-width digits
    ];
    for (const id of malformed) expect(isValidIdNumber(id), id).toBe(false);
  });
});

describe('15-digit ID numbers (older form, two-digit year)', () => {
  it('accepts a real birth date in 19xx', () => {
    expect(isValidIdNumber('110105491231002')).toBe(true);
    expect(isValidIdNumber('440304900307451')).toBe(true);
    expect(isValidIdNumber('310115960229123')).toBe(true); // 1996 was a leap year
  });

  it('refuses impossible birth dates', () => {
    for (const id of ['110105900230123', '110105000229123', '110105901301123', '110105900100123']) {
      expect(isValidIdNumber(id), id).toBe(false);
    }
  });

  it('refuses an X, which only 18-digit numbers carry', () => {
    expect(isValidIdNumber('11010549123100X')).toBe(false);
  });
});

describe('IdNumberSchema', () => {
  it('accepts valid numbers', () => {
    for (const id of ['11010519491231002X', idNumber('440304', '19900307', '451'), '110105491231002']) {
      expect(IdNumberSchema.safeParse(id).success, id).toBe(true);
    }
  });

  it("says 'invalid ID number' in every locale", () => {
    const expected = {
      'zh-CN': '身份证号码不正确',
      'zh-HK': '身份證號碼不正確',
      'en-US': 'Invalid ID number',
    } as const;
    const feb30 = idNumber('110105', '19900230', '123');
    for (const locale of LOCALES) {
      expect(checkValue(IdNumberSchema, withWrongCheck('11010519491231002X'), locale)).toBe(expected[locale]);
      expect(checkValue(IdNumberSchema, feb30, locale)).toBe(expected[locale]);
      expect(checkValue(IdNumberSchema, '12345', locale)).toBe(expected[locale]);
    }
  });
});
