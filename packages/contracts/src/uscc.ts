/**
 * Unified social credit code (统一社会信用代码, GB 32100-2015): 18 characters from a 31-symbol
 * alphabet (digits and capitals without I, O, S, V, Z). The 18th is a check character: the first
 * 17 weighted by 3^i mod 31, summed, and 31 minus the sum mod 31 (31 → 0) read back as a symbol.
 * Enterprises carry it on the business licence; research institutes (public institutions, 12…)
 * carry it on their legal-person certificate, so both use the same check.
 */

export const USCC_ALPHABET = '0123456789ABCDEFGHJKLMNPQRTUWXY';
const WEIGHTS = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28];
export const USCC_RE = /^[0-9A-HJ-NPQRTUWXY]{18}$/;

/** The check character the first 17 characters call for; null if they use a foreign symbol. */
export function creditCodeCheckChar(first17: string): string | null {
  if (first17.length !== 17) return null;
  let sum = 0;
  for (let i = 0; i < 17; i += 1) {
    const value = USCC_ALPHABET.indexOf(first17[i] ?? '');
    if (value < 0) return null;
    sum += value * (WEIGHTS[i] ?? 0);
  }
  return USCC_ALPHABET[(31 - (sum % 31)) % 31] ?? null;
}

/** Whether a text is a well-formed unified social credit code (upper case, as printed). */
export function isValidCreditCode(value: string): boolean {
  const code = value.trim().toUpperCase();
  if (!USCC_RE.test(code)) return false;
  return creditCodeCheckChar(code.slice(0, 17)) === code[17];
}
