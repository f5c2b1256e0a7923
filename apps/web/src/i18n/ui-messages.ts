import type { Messages, Widen } from '@mathbridge/contracts/messages';
import type { enUS } from './locales/en-US.ts';
import type { enUSPages } from './locales/en-US.pages.ts';

/** Strings every screen may need (shell, navigation, sign-in screens); English is the reference. */
export type UiMessages = Widen<typeof enUS>;

/** The shell's section strings (coming-soon pages, account and workspace menus), loaded with those pages. */
export type UiPageMessages = Widen<typeof enUSPages>;

/**
 * The strings of the shell and of contracts: UI strings plus the shared product words. The full
 * namespace adds every feature's bundle; it is assembled in app/i18next.d.ts, the one place that
 * may know every feature.
 */
export type CoreMessages = UiMessages & UiPageMessages & Messages;
