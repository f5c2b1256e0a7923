import type { MicrositeMessages } from './strings.ts';

export const micrositeZhCN = {
  microsite: {
    title: 'Microsite',
  },
} satisfies MicrositeMessages;
