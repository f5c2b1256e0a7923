import { describe, expect, it } from 'vitest';
import { LOCALES, type Locale } from '@mathbridge/contracts/locales';
import { enUS as contractsEnUS } from '@mathbridge/contracts/messages/en-US';
import { zhCN as contractsZhCN } from '@mathbridge/contracts/messages/zh-CN';
import { zhHK as contractsZhHK } from '@mathbridge/contracts/messages/zh-HK';
import { TODO_TITLES } from '@mathbridge/contracts/todo-titles';
import { leaves, simplifiedIn, traditionalIn } from '../../../../packages/contracts/test/chinese-script.ts';
import { enUS } from './locales/en-US.ts';
import { enUSPages } from './locales/en-US.pages.ts';
import { zhCN } from './locales/zh-CN.ts';
import { zhCNPages } from './locales/zh-CN.pages.ts';
import { zhHK } from './locales/zh-HK.ts';
import { zhHKPages } from './locales/zh-HK.pages.ts';

/**
 * Every catalog the web app merges into its i18next namespace (contracts messages, the shell's core
 * and section strings, every feature's bundle), checked together: same keys in every locale, no
 * top-level key in two catalogs, and the right Chinese script in each Chinese locale.
 */
interface Catalog {
  name: string;
  /** Each locale's strings as they sit in the i18next namespace. */
  strings: Record<Locale, object>;
}

const featureModules = import.meta.glob<Record<string, object>>('../features/*/i18n/{zh-CN,zh-HK,en-US}.ts', {
  eager: true,
});

/** A bundle whose catalog files hold the bare strings, placed under one key by its loader (strings.ts). */
const WRAPPED: Record<string, string> = { files: 'files' };

function featureCatalogs(): Catalog[] {
  const byFeature = new Map<string, Partial<Record<Locale, object>>>();
  for (const [path, module] of Object.entries(featureModules)) {
    const [, feature = '', locale = ''] = /features\/([^/]+)\/i18n\/([^/]+)\.ts$/.exec(path) ?? [];
    const exported = Object.values(module);
    expect(exported, `${path} exports exactly one catalog`).toHaveLength(1);
    const wrapper = WRAPPED[feature];
    const strings = wrapper ? { [wrapper]: exported[0] } : (exported[0] as object);
    byFeature.set(feature, { ...byFeature.get(feature), [locale]: strings });
  }
  return [...byFeature].map(([feature, strings]) => {
    for (const locale of LOCALES) expect(strings[locale], `features/${feature}/i18n/${locale}.ts`).toBeDefined();
    return { name: `features/${feature}`, strings: strings as Record<Locale, object> };
  });
}

const CATALOGS: Catalog[] = [
  { name: 'contracts messages', strings: { 'zh-CN': contractsZhCN, 'zh-HK': contractsZhHK, 'en-US': contractsEnUS } },
  { name: 'contracts to-do titles', strings: TODO_TITLES },
  { name: 'core (i18n/locales/*.ts)', strings: { 'zh-CN': zhCN, 'zh-HK': zhHK, 'en-US': enUS } },
  {
    name: 'shell pages (i18n/locales/*.pages.ts)',
    strings: { 'zh-CN': zhCNPages, 'zh-HK': zhHKPages, 'en-US': enUSPages },
  },
  ...featureCatalogs(),
];

/** The catalogs merged into the browser's namespace (the to-do titles stay on the server). */
const MERGED = CATALOGS.filter((catalog) => catalog.name !== 'contracts to-do titles');

const placeholders = (text: string): string[] =>
  [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1] ?? '').sort();

describe('translation catalogs', () => {
  it('finds every feature bundle', () => {
    expect(CATALOGS.map((c) => c.name)).toEqual(
      expect.arrayContaining(['features/demands', 'features/files', 'features/portal', 'features/account']),
    );
  });

  for (const catalog of CATALOGS) {
    describe(catalog.name, () => {
      const reference = leaves(catalog.strings['zh-CN']);

      for (const locale of LOCALES.filter((l) => l !== 'zh-CN')) {
        it(`${locale} has exactly the keys of zh-CN`, () => {
          const keys = leaves(catalog.strings[locale]);
          expect({
            missing: [...reference.keys()].filter((key) => !keys.has(key)),
            extra: [...keys.keys()].filter((key) => !reference.has(key)),
          }).toEqual({ missing: [], extra: [] });
        });
      }

      it('has a string with the placeholders of zh-CN for every key in every locale', () => {
        for (const locale of LOCALES) {
          for (const [key, value] of leaves(catalog.strings[locale])) {
            expect(typeof value, `${locale} ${key}`).toBe('string');
            // Empty only where zh-CN is empty too (texts of the hidden identities, spec §1).
            expect(String(value).trim() === '', `${locale} ${key}`).toBe(String(reference.get(key)).trim() === '');
            expect(placeholders(String(value)), `${locale} ${key}`).toEqual(
              placeholders(String(reference.get(key) ?? '')),
            );
          }
        }
      });

      it('writes zh-HK without Simplified-only characters (OpenCC)', () => {
        const wrong = [...leaves(catalog.strings['zh-HK'])]
          .filter(([, value]) => simplifiedIn(String(value)).length > 0)
          .map(([key, value]) => `${key}: ${String(value)} (${simplifiedIn(String(value)).join('')})`);
        expect(wrong).toEqual([]);
      });

      it('writes zh-CN without Traditional-only characters (OpenCC)', () => {
        const wrong = [...reference]
          .filter(([, value]) => traditionalIn(String(value)).length > 0)
          .map(([key, value]) => `${key}: ${String(value)} (${traditionalIn(String(value)).join('')})`);
        expect(wrong).toEqual([]);
      });
    });
  }

  it('gives every top-level key of the namespace one catalog, so merging never overwrites', () => {
    for (const locale of LOCALES) {
      const owners = new Map<string, string[]>();
      for (const catalog of MERGED) {
        for (const key of Object.keys(catalog.strings[locale]))
          owners.set(key, [...(owners.get(key) ?? []), catalog.name]);
      }
      const shared = [...owners]
        .filter(([, names]) => names.length > 1)
        .map(([key, names]) => `${key}: ${names.join(', ')}`);
      expect(shared, locale).toEqual([]);
    }
  });

  it('keeps no copy of a contracts word in a web catalog', () => {
    // The product's words (states, roles, reasons …) live in contracts; a web catalog showing the
    // same group of words again is the drift this test exists to stop.
    const contractGroups = Object.keys(contractsZhCN);
    const copies: string[] = [];
    for (const catalog of MERGED.filter((c) => !c.name.startsWith('contracts'))) {
      for (const key of leaves(catalog.strings['zh-CN']).keys()) {
        const parts = key.split('.');
        const group = parts.at(-2);
        if (group && contractGroups.includes(group)) copies.push(`${catalog.name}: ${key}`);
      }
    }
    expect(copies).toEqual([]);
  });
});
