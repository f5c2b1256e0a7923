import { commonStringsZhHK } from './common.zh-HK.ts';
import { joinStringsZhHK } from './join.zh-HK.ts';
import { manageStringsZhHK } from './manage.zh-HK.ts';
import type { ResearchMessages } from './strings.ts';

/** Strings of subjects and directions (issue 10), zh-HK. */
export const researchZhHK: ResearchMessages = {
  research: { ...commonStringsZhHK, manage: manageStringsZhHK, join: joinStringsZhHK },
};
