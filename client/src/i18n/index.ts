import i18next from 'i18next';
import { initReactI18next, useTranslation } from 'react-i18next';
import type { Language } from '../../../shared/values';
import { browserLanguages, chooseLanguage, readStoredLanguage } from './language';
import { nb } from './messages/nb';

/**
 * The app's languages (decision 0020): i18next with react-i18next, one namespace, message keys typed from
 * the Norwegian messages (i18next.d.ts). Norwegian is in the main chunk; English is loaded on first use.
 */
export const i18n = i18next.createInstance();

void i18n.use(initReactI18next).init({
  lng: 'nb',
  fallbackLng: 'nb',
  supportedLngs: ['nb', 'en'],
  resources: { nb: { translation: nb } },
  // React escapes what it renders; i18next must not escape it a second time.
  interpolation: { escapeValue: false },
  initAsync: false,
  returnNull: false,
});

async function loadMessages(language: Language): Promise<void> {
  if (language === 'en' && !i18n.hasResourceBundle('en', 'translation')) {
    const { en } = await import('./messages/en');
    i18n.addResourceBundle('en', 'translation', en);
  }
}

/** Shows the app in `language`: its messages loaded, every screen re-rendered, `<html lang>` set. */
export async function applyLanguage(language: Language): Promise<void> {
  await loadMessages(language);
  if (i18n.language !== language) await i18n.changeLanguage(language);
  // Screen readers pick their voice from it; unit tests run without a document.
  if (typeof document !== 'undefined') document.documentElement.lang = language;
}

/** The language before anyone is known to be signed in: a choice made on this browser, else the browser's. */
export function startingLanguage(): Language {
  return chooseLanguage({ account: null, stored: readStoredLanguage(), browser: browserLanguages() });
}

/** The language shown now (what the API client sends as Accept-Language). */
export function currentLanguage(): Language {
  return i18n.language === 'en' ? 'en' : 'nb';
}

/** The translate function and the language now shown; re-renders the caller when the language changes. */
export function useLanguage() {
  const { t, i18n: instance } = useTranslation();
  const language: Language = instance.language === 'en' ? 'en' : 'nb';
  return { t, language };
}
