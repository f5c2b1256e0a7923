import 'i18next';
import type { TranslationResources } from './ui-messages.ts';

// Typed keys: a misspelt key is a compile error instead of raw text on screen.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: TranslationResources };
  }
}
