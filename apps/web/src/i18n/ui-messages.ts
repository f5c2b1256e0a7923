import type { Messages, Widen } from '@mathbridge/contracts/messages';
import type { enUS } from './locales/en-US.ts';
import type { enUSPages } from './locales/en-US.pages.ts';
import type { FeatureMessages } from './feature-messages.ts';

/** Strings every screen may need (shell, navigation, sign-in screens); English is the reference. */
export type UiMessages = Widen<typeof enUS>;

/** The shell's section strings (coming-soon pages, account and workspace menus), loaded with those pages. */
export type UiPageMessages = Widen<typeof enUSPages>;

/** One locale's full i18next namespace: UI strings plus the shared validation/errors catalogs. */
export type TranslationResources = UiMessages & UiPageMessages & Messages & FeatureMessages;
