import { commonStringsZhCN } from './common.zh-CN.ts';
import { joinStringsZhCN } from './join.zh-CN.ts';
import { manageStringsZhCN } from './manage.zh-CN.ts';
import type { ResearchMessages } from './strings.ts';

/** Strings of subjects and directions (issue 10), zh-CN. */
export const researchZhCN: ResearchMessages = {
  research: { ...commonStringsZhCN, manage: manageStringsZhCN, join: joinStringsZhCN },
};
