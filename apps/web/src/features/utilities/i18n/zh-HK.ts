import type { UtilitiesMessages } from './strings.ts';

export const utilitiesZhHK = {
  utilities: {
    title: 'Utilities',
  },
} satisfies UtilitiesMessages;
