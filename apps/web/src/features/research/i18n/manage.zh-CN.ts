import type { manageStringsEnUS } from './manage.en-US.ts';
import type { Widen } from '@mathbridge/contracts/messages';

/** Strings of the owner’s screens: list, form, submitted, detail, members, authorityManagement (zh-CN). */
export const manageStringsZhCN: Widen<typeof manageStringsEnUS> = {};
