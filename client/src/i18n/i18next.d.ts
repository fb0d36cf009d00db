import 'i18next';
import type { AppTexts } from './areas';

// Message keys are checked by the type checker: a missing or misspelt key fails `npm run typecheck`.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: AppTexts };
    returnNull: false;
  }
}
