import type { Messages } from '@mathbridge/contracts/messages';
import type { enUS } from './locales/en-US.ts';
import type { enUSPages } from './locales/en-US.pages.ts';
import type { FeatureMessages } from './feature-messages.ts';

type Widen<T> = { [K in keyof T]: T[K] extends string ? string : Widen<T[K]> };

/** Strings every screen may need (shell, navigation, sign-in screens); English is the reference. */
export type UiMessages = Widen<typeof enUS>;

/** Strings of pages loaded on their own: landing page, coming-soon sections, account, workspace. */
export type UiPageMessages = Widen<typeof enUSPages>;

/** One locale's full i18next namespace: UI strings plus the shared validation/errors catalogs. */
export type TranslationResources = UiMessages & UiPageMessages & Messages & FeatureMessages;
