import type { ContentMessages } from './strings.ts';

export const contentZhHK = {
  content: {
    title: 'Content',
  },
} satisfies ContentMessages;
