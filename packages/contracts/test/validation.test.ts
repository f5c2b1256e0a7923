import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { LOCALES, type Locale } from '../src/locales.ts';
import {
  EmailSchema,
  IdNumberSchema,
  IntegerStringSchema,
  LandlineSchema,
  MessagingCodeSchema,
  MobileSchema,
  PasswordSchema,
  PhoneSchema,
  PositiveNumberSchema,
  VerifyCodeSchema,
  WebsiteSchema,
  YearSchema,
  checkValue,
  fieldErrors,
  optionalString,
  requiredString,
} from '../src/validation.ts';

/** What a user reads in each locale. */
type Localized = Record<Locale, string>;

const REQUIRED: Localized = { 'zh-CN': '请填写', 'zh-HK': '請填寫', 'en-US': 'Please fill in' };
const maxLength = (n: number): Localized => ({
  'zh-CN': `请将信息缩短至${n}个字符以内`,
  'zh-HK': `請將資訊縮短至${n}個字元以內`,
  'en-US': `Shorten the information to ${n} characters`,
});
const INTEGER: Localized = { 'zh-CN': '只能输入整数', 'zh-HK': '只能輸入整數', 'en-US': 'Integers only' };
const ID_NUMBER: Localized = { 'zh-CN': '身份证号码不正确', 'zh-HK': '身份證號碼不正確', 'en-US': 'Invalid ID number' };
const LANDLINE: Localized = {
  'zh-CN': '请输入正确的国内座机号码',
  'zh-HK': '請輸入正確的國內座機號碼',
  'en-US': 'Please enter a correct domestic landline',
};
const MOBILE: Localized = {
  'zh-CN': '请输入正确的手机号码',
  'zh-HK': '請輸入正確的手機號碼',
  'en-US': 'Enter a correct phone number',
};
const PHONE: Localized = {
  'zh-CN': '请输入正确的手机或座机号码',
  'zh-HK': '請輸入正確的手機或座機號碼',
  'en-US': 'Enter a correct mobile or landline number',
};
const EMAIL: Localized = { 'zh-CN': '邮箱格式不正确', 'zh-HK': '電郵格式不正確', 'en-US': 'Invalid email' };
const WEBSITE: Localized = { 'zh-CN': '请输入正确的网址', 'zh-HK': '請輸入正確的網址', 'en-US': 'Enter a correct URL' };
const VERIFY_CODE: Localized = {
  'zh-CN': '请输入4位验证码',
  'zh-HK': '請輸入4位驗證碼',
  'en-US': 'Enter the 4-character verification code',
};
const PASSWORD_SHORT: Localized = {
  'zh-CN': '密码至少6位',
  'zh-HK': '密碼至少6位',
  'en-US': 'The password needs at least 6 characters',
};
const PASSWORD_LONG: Localized = {
  'zh-CN': '密码最多64位',
  'zh-HK': '密碼最多64位',
  'en-US': 'The password may have at most 64 characters',
};
const YEAR: Localized = {
  'zh-CN': '请输入1900至2099之间的年份',
  'zh-HK': '請輸入1900至2099之間的年份',
  'en-US': 'Enter a year from 1900 to 2099',
};
const POSITIVE: Localized = {
  'zh-CN': '请输入大于0的数',
  'zh-HK': '請輸入大於0的數',
  'en-US': 'Enter a number above 0',
};
const MESSAGING_CODE: Localized = {
  'zh-CN': '请输入正确的验证码',
  'zh-HK': '請輸入正確的驗證碼',
  'en-US': 'Enter a correct code',
};
const INVALID: Localized = { 'zh-CN': '输入不正确', 'zh-HK': '輸入不正確', 'en-US': 'Invalid value' };

function expectAccepted(schema: z.ZodType, values: readonly unknown[]) {
  for (const value of values) {
    for (const locale of LOCALES)
      expect(checkValue(schema, value, locale), `${JSON.stringify(value)} (${locale})`).toBeNull();
  }
}

function expectRejected(schema: z.ZodType, values: readonly unknown[], message: Localized) {
  for (const value of values) {
    for (const locale of LOCALES) {
      expect(checkValue(schema, value, locale), `${JSON.stringify(value)} (${locale})`).toBe(message[locale]);
    }
  }
}

describe('required fields (spec §5)', () => {
  const schema = requiredString();

  it('accepts any filled-in text', () => {
    expectAccepted(schema, ['x', '张三', ' a ']);
  });

  it('asks to fill in a missing, empty or blank value', () => {
    expectRejected(schema, [undefined, null, '', '   ', '\t\n'], REQUIRED);
  });

  it('trims the value it keeps', () => {
    expect(schema.parse('  数桥  ')).toBe('数桥');
  });
});

describe('maximum length (spec §5)', () => {
  it('accepts exactly N characters and refuses N + 1, naming N', () => {
    expectAccepted(requiredString(5), ['abcde', '一二三四五']);
    expectRejected(requiredString(5), ['abcdef', '一二三四五六'], maxLength(5));
    expectAccepted(requiredString(30), ['a'.repeat(30)]);
    expectRejected(requiredString(30), ['a'.repeat(31)], maxLength(30));
  });

  it('counts the length after trimming', () => {
    expectAccepted(requiredString(5), ['   abcde   ']);
  });

  it('still asks to fill in a blank value before checking the length', () => {
    expectRejected(requiredString(5), [''], REQUIRED);
  });

  it('lets an optional field be absent or blank, but not too long', () => {
    const schema = optionalString(3);
    expectAccepted(schema, [undefined, '', '   ', 'abc']);
    expect(schema.parse('   ')).toBeUndefined();
    expect(schema.parse(' ab ')).toBe('ab');
    expectRejected(schema, ['abcd'], maxLength(3));
  });
});

describe('integers, e.g. salary (spec §5)', () => {
  it('accepts digits only', () => {
    expectAccepted(IntegerStringSchema, ['0', '8000', '123456789012', ' 15000 ']);
  });

  it('refuses anything but digits', () => {
    expectRejected(IntegerStringSchema, ['12.5', '-3', '+3', '1e3', '12a', '1 000', '8,000', 'abc'], INTEGER);
  });

  it('asks to fill in an empty amount and caps its length at 12 digits', () => {
    expectRejected(IntegerStringSchema, [''], REQUIRED);
    expectRejected(IntegerStringSchema, ['1234567890123'], maxLength(12));
  });
});

describe('Chinese ID numbers (spec §5; details in id-number.test.ts)', () => {
  it('accepts the GB 11643 example and a 15-digit number', () => {
    expectAccepted(IdNumberSchema, ['11010519491231002X', '110105491231002']);
  });

  it('refuses a wrong check digit, an impossible date or a wrong length', () => {
    expectRejected(IdNumberSchema, ['110105194912310021', '110105194902300024', '1101051949123100', 'abc'], ID_NUMBER);
  });

  it('asks to fill in an empty ID number', () => {
    expectRejected(IdNumberSchema, [''], REQUIRED);
  });
});

describe('landlines (spec §5)', () => {
  it('accepts an area code and 7-8 digits, with or without a hyphen', () => {
    expectAccepted(LandlineSchema, ['010-12345678', '0755-1234567', '021-1234567', '02112345678', '07551234567']);
  });

  it('refuses numbers without an area code, with too few or too many digits, or with other separators', () => {
    expectRejected(
      LandlineSchema,
      ['12345678', '110-12345678', '010-123456', '010-123456789', '0755 1234567', '(010)12345678', '13812345678'],
      LANDLINE,
    );
  });
});

describe('mobile numbers (spec §5: 1, then 3-9, then 9 digits)', () => {
  it('accepts every second digit from 3 to 9', () => {
    expectAccepted(MobileSchema, [
      '13012345678',
      '14512345678',
      '15000000000',
      '16612345678',
      '17712345678',
      '18812345678',
      '19912345678',
    ]);
  });

  it('refuses a second digit of 0-2, the wrong length, a prefix or separators', () => {
    expectRejected(
      MobileSchema,
      [
        '10812345678',
        '11812345678',
        '12812345678',
        '23812345678',
        '1381234567',
        '138123456789',
        '+8613812345678',
        '138-1234-5678',
      ],
      MOBILE,
    );
  });

  it('asks to fill in an empty number', () => {
    expectRejected(MobileSchema, [''], REQUIRED);
  });
});

describe('contact phones: a mobile or a landline', () => {
  it('accepts either kind', () => {
    expectAccepted(PhoneSchema, ['13812345678', '010-12345678']);
  });

  it('refuses what is neither', () => {
    expectRejected(PhoneSchema, ['12345', '12812345678', '010-123'], PHONE);
  });
});

describe('email addresses (spec §5)', () => {
  it('accepts ordinary addresses', () => {
    expectAccepted(EmailSchema, ['user@example.com', 'first.last+tag@sub.example.cn', ' user@example.com ']);
  });

  it('refuses malformed addresses', () => {
    expectRejected(
      EmailSchema,
      ['user@', '@example.com', 'user.example.com', 'user@example', 'a b@example.com', 'user@@example.com'],
      EMAIL,
    );
  });

  it('asks to fill in an empty address and caps it at 100 characters', () => {
    expectRejected(EmailSchema, [''], REQUIRED);
    expectRejected(EmailSchema, [`${'a'.repeat(90)}@example.com`], maxLength(100));
  });
});

describe('websites (spec §5: must contain a dot)', () => {
  it('accepts addresses with a dot', () => {
    expectAccepted(WebsiteSchema, [
      'example.com',
      'www.mathbridge.cn',
      'https://www.example.com/path?q=1',
      'http://10.0.0.1',
    ]);
  });

  it('refuses addresses without a dot between two names, or with spaces', () => {
    expectRejected(WebsiteSchema, ['localhost', 'http://example', '.com', 'example.', 'a..b', 'exa mple.com'], WEBSITE);
  });
});

describe('verification codes (spec §5: exactly 4 characters)', () => {
  it('accepts 4 characters', () => {
    expectAccepted(VerifyCodeSchema, ['1234', 'a1B2', ' 0000 ']);
  });

  it('refuses 3 or 5 characters', () => {
    expectRejected(VerifyCodeSchema, ['123', '12345'], VERIFY_CODE);
  });

  it('asks to fill in an empty code', () => {
    expectRejected(VerifyCodeSchema, ['', '    '], REQUIRED);
  });
});

describe('passwords (spec §5: at least 6 characters)', () => {
  it('accepts 6 characters or more', () => {
    expectAccepted(PasswordSchema, ['abcdef', 'correct horse battery staple', 'a'.repeat(64)]);
  });

  it('refuses fewer than 6 characters, naming the minimum', () => {
    expectRejected(PasswordSchema, ['a', 'abcde'], PASSWORD_SHORT);
  });

  it('refuses an unreasonably long password, naming the maximum', () => {
    expectRejected(PasswordSchema, ['a'.repeat(65)], PASSWORD_LONG);
  });

  it('asks to fill in an empty password', () => {
    expectRejected(PasswordSchema, ['', undefined], REQUIRED);
  });
});

describe('years (spec §5: 19xx or 20xx)', () => {
  it('accepts 1900 to 2099', () => {
    expectAccepted(YearSchema, ['1900', '1949', '1999', '2000', '2024', '2099']);
  });

  it('refuses other centuries, short or long years and non-digits', () => {
    expectRejected(YearSchema, ['1899', '2100', '1800', '99', '020', '20245', 'abcd', '２０２４'], YEAR);
  });
});

describe('positive numbers (spec §5: above 0)', () => {
  it('accepts numbers above 0, also typed as text', () => {
    expectAccepted(PositiveNumberSchema, [1, 0.5, 1e6, '3', ' 7 ', '0.01']);
    expect(PositiveNumberSchema.parse('12.5')).toBe(12.5);
  });

  it('refuses zero, negatives and non-numbers', () => {
    expectRejected(
      PositiveNumberSchema,
      [0, -1, '-0.1', '0', '', 'abc', Number.NaN, Number.POSITIVE_INFINITY],
      POSITIVE,
    );
  });
});

describe('messaging-app codes (spec §5: longer than 3 characters)', () => {
  it('accepts 4 characters or more', () => {
    expectAccepted(MessagingCodeSchema, ['abcd', '123456']);
  });

  it('refuses 3 characters or fewer, counted after trimming', () => {
    expectRejected(MessagingCodeSchema, ['a', 'abc', '  abc  '], MESSAGING_CODE);
  });

  it('asks to fill in an empty code', () => {
    expectRejected(MessagingCodeSchema, [''], REQUIRED);
  });
});

describe('fieldErrors', () => {
  const FormSchema = z.object({
    name: requiredString(30),
    phone: MobileSchema,
    email: EmailSchema,
    contact: z.object({ landline: LandlineSchema }),
  });

  it('gives one localized error per invalid field, with its rule code', () => {
    const result = FormSchema.safeParse({ name: '', phone: '12345', email: 'bad', contact: { landline: '123' } });
    expect(result.success).toBe(false);
    if (result.success) return;
    for (const locale of LOCALES) {
      expect(fieldErrors(result.error, locale)).toEqual([
        { field: 'name', code: 'required', message: REQUIRED[locale] },
        { field: 'phone', code: 'mobile', message: MOBILE[locale] },
        { field: 'email', code: 'email', message: EMAIL[locale] },
        { field: 'contact.landline', code: 'landline', message: LANDLINE[locale] },
      ]);
    }
  });

  it('reports a missing field as not filled in', () => {
    const result = FormSchema.safeParse({ name: 'a', email: 'a@b.cn', contact: { landline: '010-1234567' } });
    expect(result.success).toBe(false);
    if (result.success) return;
    expect(fieldErrors(result.error, 'en-US')).toEqual([
      { field: 'phone', code: 'required', message: 'Please fill in' },
    ]);
  });

  it('interpolates the maximum into the length message', () => {
    const result = FormSchema.safeParse({
      name: 'x'.repeat(31),
      phone: '13812345678',
      email: 'a@b.cn',
      contact: { landline: '010-1234567' },
    });
    expect(result.success).toBe(false);
    if (result.success) return;
    for (const locale of LOCALES) {
      expect(fieldErrors(result.error, locale)).toEqual([
        { field: 'name', code: 'maxLength', message: maxLength(30)[locale] },
      ]);
    }
  });

  it('falls back to a generic message for a rule without a catalog key', () => {
    const result = z.object({ n: z.number() }).safeParse({ n: 'x' });
    expect(result.success).toBe(false);
    if (result.success) return;
    for (const locale of LOCALES) {
      expect(fieldErrors(result.error, locale)).toEqual([{ field: 'n', code: 'invalid', message: INVALID[locale] }]);
    }
  });

  it('gives no errors and checkValue gives null for valid input', () => {
    expect(
      checkValue(
        FormSchema,
        { name: 'a', phone: '13812345678', email: 'a@b.cn', contact: { landline: '010-1234567' } },
        'zh-CN',
      ),
    ).toBeNull();
  });
});
