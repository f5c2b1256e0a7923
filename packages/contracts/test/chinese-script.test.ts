import { describe, expect, it } from 'vitest';
import { INDUSTRIES } from '../src/industries.ts';
import { MESSAGES } from '../src/messages.ts';
import { MSC_CLASSES } from '../src/msc.ts';
import { PROVINCES, type LocalizedName } from '../src/regions.ts';
import { leaves, simplifiedIn, traditionalIn } from './chinese-script.ts';

/** Every product word of contracts that has a zh-CN and a zh-HK form, named for the failure message. */
function texts(): { name: string; zhCN: string; zhHK: string }[] {
  const out: { name: string; zhCN: string; zhHK: string }[] = [];
  const zhHK = leaves(MESSAGES['zh-HK']);
  for (const [key, value] of leaves(MESSAGES['zh-CN'])) {
    out.push({ name: `messages ${key}`, zhCN: String(value), zhHK: String(zhHK.get(key)) });
  }
  const named = (name: string, names: LocalizedName) => out.push({ name, zhCN: names['zh-CN'], zhHK: names['zh-HK'] });
  for (const industry of INDUSTRIES) named(`industry ${industry.code}`, industry.name);
  for (const msc of MSC_CLASSES) named(`MSC ${msc.code}`, msc.name);
  for (const province of PROVINCES) {
    named(`region ${province.code}`, province.name);
    for (const city of province.cities) named(`region ${city.code}`, city.name);
  }
  return out;
}

describe('Chinese scripts of the contracts words (OpenCC)', () => {
  const all = texts();

  it('covers messages and the reference data', () => {
    expect(all.length).toBeGreaterThan(500);
  });

  it('writes zh-HK without Simplified-only characters', () => {
    const wrong = all.filter((t) => simplifiedIn(t.zhHK).length > 0).map((t) => `${t.name}: ${t.zhHK}`);
    expect(wrong).toEqual([]);
  });

  it('writes zh-CN without Traditional-only characters', () => {
    const wrong = all.filter((t) => traditionalIn(t.zhCN).length > 0).map((t) => `${t.name}: ${t.zhCN}`);
    expect(wrong).toEqual([]);
  });

  it('catches a Simplified character in a zh-HK text and a Traditional one in a zh-CN text', () => {
    expect(simplifiedIn('审核中')).not.toEqual([]);
    expect(simplifiedIn('帳戶說明')).toEqual([]);
    expect(traditionalIn('審核中')).not.toEqual([]);
    expect(traditionalIn('审核中')).toEqual([]);
  });
});
