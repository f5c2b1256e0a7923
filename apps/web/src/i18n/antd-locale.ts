import type { Locale as AntdLocale } from 'antd/es/locale';
import zhCN from 'antd/es/locale/zh_CN';
import type { Locale } from '@mathbridge/contracts/locales';

/** Ant Design's own texts per UI locale; the default ships with the app, the others on demand. */
const cache: Partial<Record<Locale, AntdLocale>> = { 'zh-CN': zhCN };

const LOADERS: Record<Exclude<Locale, 'zh-CN'>, () => Promise<{ default: AntdLocale }>> = {
  'zh-HK': () => import('antd/es/locale/zh_HK'),
  'en-US': () => import('antd/es/locale/en_US'),
};

export async function loadAntdLocale(locale: Locale): Promise<void> {
  if (cache[locale] || locale === 'zh-CN') return;
  cache[locale] = (await LOADERS[locale]()).default;
}

/** The loaded antd locale (callers load it before switching the UI language). */
export function antdLocale(locale: Locale): AntdLocale {
  return cache[locale] ?? zhCN;
}
