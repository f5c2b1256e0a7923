import { DEFAULT_LOCALE, type Locale } from './locales.ts';
import { enUS } from './messages/en-US.ts';
import { zhCN } from './messages/zh-CN.ts';
import { zhHK } from './messages/zh-HK.ts';
import { NOTIFICATION_TITLES } from './notification-titles.ts';
import { TODO_TITLES } from './todo-titles.ts';

/**
 * The shape of a catalog written `as const`: every string widened, so the other locales must fill
 * exactly the same keys. The one definition for contracts and every web catalog.
 */
export type Widen<T> = { [K in keyof T]: T[K] extends string ? string : Widen<T[K]> };
/** The shape every locale's catalog must have (English is the reference); the web app loads these. */
export type Messages = Widen<typeof enUS>;

/** What the server can translate: the shared catalog plus the to-do and notification titles only it renders. */
export type ServerMessages = Messages & {
  todos: Widen<(typeof TODO_TITLES)['en-US']>;
  notifications: Widen<(typeof NOTIFICATION_TITLES)['en-US']>;
};

export const MESSAGES: Record<Locale, ServerMessages> = {
  'zh-CN': { ...zhCN, todos: TODO_TITLES['zh-CN'], notifications: NOTIFICATION_TITLES['zh-CN'] },
  'zh-HK': { ...zhHK, todos: TODO_TITLES['zh-HK'], notifications: NOTIFICATION_TITLES['zh-HK'] },
  'en-US': { ...enUS, todos: TODO_TITLES['en-US'], notifications: NOTIFICATION_TITLES['en-US'] },
};

type Leaves<T, P extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${P}${K}` : Leaves<T[K], `${P}${K}.`>;
}[keyof T & string];

/** A dotted key into the shared catalog, e.g. `validation.required`. */
export type MessageKey = Leaves<ServerMessages>;
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
