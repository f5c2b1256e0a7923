import { commonStringsEnUS } from './common.en-US.ts';
import { joinStringsEnUS } from './join.en-US.ts';
import { manageStringsEnUS } from './manage.en-US.ts';

/** Strings of subjects and directions (issue 10), English: the reference shape. Parts: common, manage, join. */
export const researchEnUS = {
  research: { ...commonStringsEnUS, manage: manageStringsEnUS, join: joinStringsEnUS },
};
