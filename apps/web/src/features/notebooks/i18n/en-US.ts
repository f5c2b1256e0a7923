import { achievementStringsEnUS } from './achievement.en-US.ts';
/** Strings of notebooks, the achievement area and /tryit (issue 12), English: the reference shape. */
export const notebooksEnUS = {
  notebooks: {
    achievement: achievementStringsEnUS,
    placeholder: 'This page is being built.',
  },
} as const;
