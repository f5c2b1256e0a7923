import type { ContentMessages } from './strings.ts';

export const contentZhCN = {
  content: {
    title: 'Content',
  },
} satisfies ContentMessages;
