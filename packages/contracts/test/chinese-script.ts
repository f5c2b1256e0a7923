import { Converter } from 'opencc-js';

/**
 * Script checks for the Chinese catalogs with OpenCC (opencc-js): a zh-HK text must come out of the
 * Simplified→Hong Kong converter unchanged (so it holds no Simplified-only character), and a zh-CN
 * text must come out of the Hong Kong→Simplified converter unchanged (no Traditional-only one).
 * Shared by the contracts tests and the web's catalogs test.
 */
const toHongKong = Converter({ from: 'cn', to: 'hk' });
const toSimplified = Converter({ from: 'hk', to: 'cn' });

/**
 * Where the converter swaps one standard Traditional form for the variant OpenCC's Hong Kong table
 * prefers, or reads a phrase the other way, the original is correct Traditional Chinese too.
 * Keyed `original → converted`.
 */
const SAME_IN_TRADITIONAL = new Set([
  '戶户', // 帳戶, 用戶: 戶 is the standard form; the HK table prefers the variant 户
  '說説', // 說明: 說 is the standard form; the HK table prefers 説
  '群羣', // 社群: the HK table prefers the variant 羣
  '周週', // 周期 (cycle) is written either way; the converter always picks 週
  '只隻', // 最多只能 ('only'), misread by the converter as the measure word 隻
  '了瞭', // 了解 and 瞭解 are both standard
  '借藉', // 借助 and 藉助 are both standard
  '峰峯', // 赤峰: the HK table prefers the variant 峯
  '衛衞', // 中衛: the HK table prefers the variant 衞
  '咸鹹', // 咸陽, 咸寧: place names keep 咸; the converter reads 'salty'
  '岳嶽', // 岳陽: the place name keeps 岳
]);

/** Characters of a zh-HK text that the converter would change: Simplified-only ones. */
export function simplifiedIn(text: string): string[] {
  const converted = toHongKong(text);
  if (converted === text) return [];
  const from = [...text];
  const to = [...converted];
  if (from.length !== to.length) return [`${text} → ${converted}`];
  return from.filter((char, i) => char !== to[i] && !SAME_IN_TRADITIONAL.has(`${char}${to[i]}`));
}

/** Characters of a zh-CN text that the converter would change: Traditional-only ones. */
export function traditionalIn(text: string): string[] {
  const converted = toSimplified(text);
  if (converted === text) return [];
  const from = [...text];
  const to = [...converted];
  if (from.length !== to.length) return [`${text} → ${converted}`];
  return from.filter((char, i) => char !== to[i]);
}

/** Every leaf of a catalog as `dotted.key → value`. */
export function leaves(node: unknown, prefix = ''): Map<string, unknown> {
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
