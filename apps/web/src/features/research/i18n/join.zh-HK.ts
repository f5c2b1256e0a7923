import type { joinStringsEnUS } from './join.en-US.ts';
import type { Widen } from '@mathbridge/contracts/messages';

/** Strings of pools, joining, member views, shared files, phases and outcomes (zh-HK). */
export const joinStringsZhHK: Widen<typeof joinStringsEnUS> = {};
