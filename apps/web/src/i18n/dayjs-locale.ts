import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import 'dayjs/locale/zh-hk';
import type { Locale } from '@mathbridge/contracts/locales';

const DAYJS_LOCALES: Record<Locale, string> = { 'zh-CN': 'zh-cn', 'zh-HK': 'zh-hk', 'en-US': 'en' };

/** dayjs (used by antd's date pickers and relative times) follows the UI locale. */
export function setDayjsLocale(locale: Locale): void {
  dayjs.locale(DAYJS_LOCALES[locale]);
}
