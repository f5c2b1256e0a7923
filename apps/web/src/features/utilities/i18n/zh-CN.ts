import type { UtilitiesMessages } from './strings.ts';

export const utilitiesZhCN = {
  utilities: {
    title: 'Utilities',
  },
} satisfies UtilitiesMessages;
