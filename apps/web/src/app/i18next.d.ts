import 'i18next';
import type { CoreMessages } from '../i18n/ui-messages.ts';
import type { FeatureMessages } from './feature-messages.ts';

// Typed keys: a misspelt key is a compile error instead of raw text on screen. Assembled in app/
// because only app/ may import every feature (the lint boundaries of eslint.config.js).
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: CoreMessages & FeatureMessages };
  }
}
