import { z } from 'zod';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, VERIFY_CODE_LENGTH } from './constants.ts';
import { translate, type MessageParams, type ValidationKey } from './messages.ts';
import type { Locale } from './locales.ts';

/**
 * The validation rules of spec §5. Every schema's error is a message key from the shared catalog;
 * `fieldErrors` turns zod issues into localized `{ field, code, message }` entries (DESIGN §3).
 */

export const MOBILE_RE = /^1[3-9]\d{9}$/;

/** A mobile number shown to people other than its owner: `138****0000`; other text is returned as it is. */
export function maskMobile(text: string): string {
  return MOBILE_RE.test(text) ? `${text.slice(0, 3)}****${text.slice(7)}` : text;
}
/** Area code (3-4 digits starting with 0), optional hyphen, 7-8 digits. */
export const LANDLINE_RE = /^0\d{2,3}-?\d{7,8}$/;
export const INTEGER_RE = /^\d+$/;
export const YEAR_RE = /^(19|20)\d{2}$/;
/** 'must contain a dot' (spec §5), and no white space. */
export const WEBSITE_RE = /^\S*[^\s.]\.[^\s.]\S*$/;

const key = (k: ValidationKey) => k;

/** Counts a string's length the way the word-limit helper does: non-Latin characters count two. */
export function wordLength(text: string): number {
  let units = 0;
  for (const char of text) units += (char.codePointAt(0) ?? 0) > 0xff ? 2 : 1;
  return units;
}

/** Title limit: '10 characters' counted by the word-limit helper, i.e. 20 units (DESIGN §6): demands, wishes. */
export const TITLE_MAX_UNITS = 20;
/** Titles of jobs, subjects, directions, research questions, notebooks and news: 30 characters, 60 units (issue 30 §11). */
export const LONG_TITLE_MAX_UNITS = 60;

/** A title rule in words (`validation.titleHint` under the field, `validation.titleLength` when broken). */
export const titleRule = (maxUnits: number) => ({ cjk: maxUnits / 2, latin: maxUnits });

const ID_WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
const ID_CHECK = '10X98765432';

function isRealDate(year: number, month: number, day: number, today = new Date()): boolean {
  if (year < 1900) return false;
  const date = new Date(Date.UTC(year, month - 1, day));
  const real = date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
  return real && date.getTime() <= today.getTime();
}

/**
 * Chinese resident ID number (GB 11643): 18 digits with a birth date and the ISO 7064 MOD 11-2
 * check character, or the older 15-digit form with a two-digit-year birth date.
 */
export function isValidIdNumber(value: string, today = new Date()): boolean {
  const id = value.trim().toUpperCase();
  if (/^\d{17}[\dX]$/.test(id)) {
    const birth = id.slice(6, 14);
    if (!isRealDate(Number(birth.slice(0, 4)), Number(birth.slice(4, 6)), Number(birth.slice(6, 8)), today))
      return false;
    const sum = ID_WEIGHTS.reduce((acc, weight, i) => acc + weight * Number(id[i]), 0);
    return ID_CHECK[sum % 11] === id[17];
  }
  if (/^\d{15}$/.test(id)) {
    const birth = id.slice(6, 12);
    return isRealDate(1900 + Number(birth.slice(0, 2)), Number(birth.slice(2, 4)), Number(birth.slice(4, 6)), today);
  }
  return false;
}

/** A required string: missing or blank gives 'please fill in'. */
export function requiredString(max?: number) {
  const base = z
    .string({ error: key('validation.required') })
    .trim()
    .min(1, key('validation.required'));
  return max === undefined ? base : base.max(max, key('validation.maxLength'));
}

/** An optional string: absent or blank is accepted as absent. */
export function optionalString(max: number) {
  return z
    .string({ error: key('validation.invalid') })
    .trim()
    .max(max, key('validation.maxLength'))
    .optional()
    .transform((v) => (v === '' ? undefined : v));
}

/** The longest start of `text` within `maxUnits` (CJK counts two), e.g. a title made from a file name. */
export function fitUnits(text: string, maxUnits: number): string {
  let units = 0;
  let end = 0;
  for (const char of text) {
    units += (char.codePointAt(0) ?? 0) > 0xff ? 2 : 1;
    if (units > maxUnits) break;
    end += char.length;
  }
  return text.slice(0, end);
}

/** A title limited by the word-limit helper (CJK counts two). */
export function titleString(maxUnits = TITLE_MAX_UNITS) {
  return requiredString().refine((v) => wordLength(v) <= maxUnits, {
    error: key('validation.titleLength'),
    params: titleRule(maxUnits),
  });
}

export const MobileSchema = requiredString().regex(MOBILE_RE, key('validation.mobile'));
export const LandlineSchema = requiredString().regex(LANDLINE_RE, key('validation.landline'));
/** A contact phone: a mobile or a landline. */
export const PhoneSchema = requiredString().refine((v) => MOBILE_RE.test(v) || LANDLINE_RE.test(v), {
  error: key('validation.phone'),
});
export const EmailSchema = requiredString(100).pipe(z.email({ error: key('validation.email') }));
export const WebsiteSchema = requiredString(200).regex(WEBSITE_RE, key('validation.website'));
export const IdNumberSchema = requiredString().refine((v) => isValidIdNumber(v), { error: key('validation.idNumber') });
export const IntegerStringSchema = requiredString(12).regex(INTEGER_RE, key('validation.integer'));
export const YearSchema = requiredString().regex(YEAR_RE, key('validation.year'));
export const PositiveNumberSchema = z.coerce
  .number({ error: key('validation.positive') })
  .refine((n) => Number.isFinite(n) && n > 0, { error: key('validation.positive') });
export const VerifyCodeSchema = requiredString().length(VERIFY_CODE_LENGTH, key('validation.verifyCode'));
export const MessagingCodeSchema = requiredString().min(4, key('validation.messagingCode'));
export const PasswordSchema = z
  .string({ error: key('validation.required') })
  .min(1, key('validation.required'))
  .min(PASSWORD_MIN_LENGTH, key('validation.password'))
  .max(PASSWORD_MAX_LENGTH, key('validation.passwordTooLong'));
/**
 * The largest id and the largest value of an integer column (PostgreSQL `integer`/`serial`): ids
 * and integers above it are invalid input (400), never a database error.
 */
export const INT_MAX = 2_147_483_647;

/** A row id: an integer 1 … INT_MAX (path parameters and fields alike). */
export const IdSchema = z.coerce
  .number({ error: key('validation.required') })
  .int(key('validation.invalid'))
  .positive(key('validation.invalid'))
  .max(INT_MAX, key('validation.invalid'));

/**
 * Where a payload carries a NUL character (U+0000), in a value or a key: its dotted path, or null.
 * PostgreSQL text cannot hold NUL and no field of the product needs it, so the server refuses any
 * payload that has one, once, before validation (plugins/call.ts).
 */
export function findNulCharacter(value: unknown, path = ''): string | null {
  const stack: [unknown, string][] = [[value, path]];
  while (stack.length) {
    const [node, at] = stack.pop() as [unknown, string];
    if (typeof node === 'string') {
      if (node.includes('\u0000')) return at;
    } else if (node !== null && typeof node === 'object') {
      for (const [k, v] of Object.entries(node)) {
        const child = at ? `${at}.${k}` : k;
        if (k.includes('\u0000')) return child;
        stack.push([v, child]);
      }
    }
  }
  return null;
}

export interface FieldError {
  field: string;
  /** The rule that failed, e.g. `required`, `mobile`, `maxLength`. */
  code: string;
  message: string;
}

/** Parameters a message needs, read from the issue (max/min lengths or a refine's params). */
function issueParams(issue: z.core.$ZodIssue): MessageParams {
  const params: MessageParams = {};
  if (issue.code === 'too_big') params.max = Number(issue.maximum);
  if (issue.code === 'too_small') params.min = Number(issue.minimum);
  if (issue.code === 'custom' && issue.params) Object.assign(params, issue.params);
  if (issue.message === 'validation.password') params.min = PASSWORD_MIN_LENGTH;
  if (issue.message === 'validation.passwordTooLong') params.max = PASSWORD_MAX_LENGTH;
  return params;
}

/** Localized field errors for a failed parse, one per field (the first rule that failed). */
export function fieldErrors(error: z.ZodError, locale: Locale): FieldError[] {
  const seen = new Set<string>();
  const out: FieldError[] = [];
  for (const issue of error.issues) {
    const field = issue.path.map(String).join('.');
    if (seen.has(field)) continue;
    seen.add(field);
    const messageKey = issue.message.startsWith('validation.') ? issue.message : 'validation.invalid';
    out.push({
      field,
      code: messageKey.slice('validation.'.length),
      message: translate(locale, messageKey, issueParams(issue)),
    });
  }
  return out;
}

/** Validates one value against a schema; returns the localized message of the first failure. */
export function checkValue(schema: z.ZodType, value: unknown, locale: Locale): string | null {
  const result = schema.safeParse(value);
  if (result.success) return null;
  return fieldErrors(result.error, locale)[0]?.message ?? translate(locale, 'validation.invalid');
}
