import type { MicrositeMessages } from './strings.ts';

export const micrositeZhHK = {
  microsite: {
    title: 'Microsite',
  },
} satisfies MicrositeMessages;
