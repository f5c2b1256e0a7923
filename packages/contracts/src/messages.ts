import { DEFAULT_LOCALE, type Locale } from './locales.ts';
import { enUS } from './messages/en-US.ts';
import { zhCN } from './messages/zh-CN.ts';
import { zhHK } from './messages/zh-HK.ts';

type Widen<T> = { [K in keyof T]: T[K] extends string ? string : Widen<T[K]> };
/** The shape every locale's catalog must have (English is the reference). */
export type Messages = Widen<typeof enUS>;

export const MESSAGES: Record<Locale, Messages> = { 'zh-CN': zhCN, 'zh-HK': zhHK, 'en-US': enUS };

type Leaves<T, P extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${P}${K}` : Leaves<T[K], `${P}${K}.`>;
}[keyof T & string];

/** A dotted key into the shared catalog, e.g. `validation.required`. */
export type MessageKey = Leaves<Messages>;
export type ValidationKey = `validation.${keyof Messages['validation'] & string}`;
export type ErrorKey = `errors.${keyof Messages['errors'] & string}`;

export type MessageParams = Record<string, string | number>;

/** Formats a shared message in a locale; an unknown key falls back to the key itself. */
export function translate(locale: Locale, key: string, params: MessageParams = {}): string {
  let node: unknown = MESSAGES[locale] ?? MESSAGES[DEFAULT_LOCALE];
  for (const part of key.split('.')) {
    node = typeof node === 'object' && node !== null ? (node as Record<string, unknown>)[part] : undefined;
  }
  if (typeof node !== 'string') return key;
  return node.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => String(params[name] ?? ''));
}
