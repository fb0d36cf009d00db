import type { Texts } from '../types';
import type { language as nbLanguage } from '../nb/language';

/** The language switch in English. */
export const language: Texts<typeof nbLanguage> = {
  label: 'Language',
  nb: 'Norsk',
  en: 'English',
  followBrowser: 'As the browser',
  saved: 'The language is saved.',
  accountHint: 'The language follows your account on every device. “As the browser” uses the browser’s language.',
};
