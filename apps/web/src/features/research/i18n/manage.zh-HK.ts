import type { manageStringsEnUS } from './manage.en-US.ts';
import type { Widen } from '@mathbridge/contracts/messages';

/** Strings of the owner’s screens: list, form, submitted, detail, members, authorityManagement (zh-HK). */
export const manageStringsZhHK: Widen<typeof manageStringsEnUS> = {};
