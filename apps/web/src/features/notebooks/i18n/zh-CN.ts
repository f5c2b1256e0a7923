import { achievementStringsZhCN } from './achievement.zh-CN.ts';
import type { NotebooksMessages } from './strings.ts';

/** 笔记本、成果区与在线试用（issue 12），简体中文。 */
export const notebooksZhCN: NotebooksMessages = {
  notebooks: {
    achievement: achievementStringsZhCN,
    placeholder: '此页面正在建设中。',
  },
};
