import { describe, expect, it } from 'vitest';
import { DEFAULT_LOCALE, LOCALES, LOCALE_LABELS, isLocale, resolveLocale } from '../src/locales.ts';

describe('locales (spec §9)', () => {
  it('offers zh-CN (the default), zh-HK and en-US', () => {
    expect([...LOCALES].sort()).toEqual(['en-US', 'zh-CN', 'zh-HK']);
    expect(DEFAULT_LOCALE).toBe('zh-CN');
    for (const locale of LOCALES) expect(LOCALE_LABELS[locale]).toBeTruthy();
  });

  it('recognises only the supported locale codes', () => {
    for (const locale of LOCALES) expect(isLocale(locale)).toBe(true);
    for (const other of ['zh-TW', 'en', 'zh-cn', '', null, undefined, 42])
      expect(isLocale(other), String(other)).toBe(false);
  });
});

describe('resolveLocale (Accept-Language)', () => {
  it('falls back to zh-CN without a header', () => {
    expect(resolveLocale(undefined)).toBe('zh-CN');
    expect(resolveLocale(null)).toBe('zh-CN');
    expect(resolveLocale('')).toBe('zh-CN');
  });

  it('maps Traditional Chinese to zh-HK', () => {
    for (const header of ['zh-TW', 'zh-HK', 'zh-MO', 'zh-Hant', 'zh-Hant-TW', 'zh-hant-hk']) {
      expect(resolveLocale(header), header).toBe('zh-HK');
    }
  });

  it('maps other Chinese to zh-CN', () => {
    for (const header of ['zh', 'zh-CN', 'zh-SG', 'zh-Hans', 'zh-Hans-CN'])
      expect(resolveLocale(header), header).toBe('zh-CN');
  });

  it('maps any English to en-US', () => {
    for (const header of ['en', 'en-US', 'en-GB', 'en-GB,en;q=0.9', 'EN-au'])
      expect(resolveLocale(header), header).toBe('en-US');
  });

  it('falls back to zh-CN when nothing offered is supported', () => {
    expect(resolveLocale('fr-FR,de;q=0.8')).toBe('zh-CN');
    expect(resolveLocale('*')).toBe('zh-CN');
  });

  it('skips unsupported languages to reach a supported one', () => {
    expect(resolveLocale('fr-FR,de;q=0.9,en;q=0.5')).toBe('en-US');
    expect(resolveLocale('ja-JP, zh-TW;q=0.8')).toBe('zh-HK');
  });

  it('respects q-values rather than the order written', () => {
    expect(resolveLocale('zh-CN;q=0.5,en-US;q=0.8')).toBe('en-US');
    expect(resolveLocale('en;q=0.3, zh-TW;q=0.7')).toBe('zh-HK');
    expect(resolveLocale('en;q=0.9,zh-TW')).toBe('zh-HK'); // no q means 1
    expect(resolveLocale('en-US;q=0.9,zh-CN;q=0.9')).toBe('en-US'); // a tie keeps the written order
  });

  it('treats q=0 as not acceptable', () => {
    expect(resolveLocale('en;q=0')).toBe('zh-CN');
    expect(resolveLocale('en;q=0,zh-TW;q=0.1')).toBe('zh-HK');
  });

  it('tolerates spaces around tags and parameters', () => {
    expect(resolveLocale('  en-GB ; q=0.4 ,  zh-TW ; q=0.2 ')).toBe('en-US');
  });
});
