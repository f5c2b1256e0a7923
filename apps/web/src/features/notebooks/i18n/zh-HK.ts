import { achievementStringsZhHK } from './achievement.zh-HK.ts';
import type { NotebooksMessages } from './strings.ts';

/** 筆記本、成果區與線上試用（issue 12），繁體中文。 */
export const notebooksZhHK: NotebooksMessages = {
  notebooks: {
    achievement: achievementStringsZhHK,
    placeholder: '此頁面正在建設中。',
  },
};
