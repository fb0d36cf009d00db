import i18next from 'i18next';
import { useMemo, useSyncExternalStore } from 'react';
import type { Language } from '../../../shared/values';
import { listFormat } from '../../../shared/i18n/render';
import { browserLanguages, chooseLanguage, readStoredLanguage } from './language';
import { main } from './messages/nb/main';

/**
 * The app's languages (decision 0020): i18next, one namespace, message keys typed from the Norwegian
 * messages (i18next.d.ts). Norwegian is in the main chunk; English is loaded on first use. React follows
 * the language through `useLanguage` (a store subscription), not react-i18next, whose weight the public
 * page's budget could not carry.
 */
export const i18n = i18next.createInstance();

void i18n.init({
  lng: 'nb',
  fallbackLng: 'nb',
  supportedLngs: ['nb', 'en'],
  resources: { nb: { translation: main } },
  // React escapes what it renders; i18next must not escape it a second time.
  interpolation: { escapeValue: false },
  initAsync: false,
  returnNull: false,
});
// Lists join as the server's texts join them (shared/i18n/render.ts).
i18n.services.formatter?.add('list', listFormat);

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

function onLanguageChange(listener: () => void): () => void {
  i18n.on('languageChanged', listener);
  return () => i18n.off('languageChanged', listener);
}

/** The translate function and the language now shown; re-renders the caller when the language changes. */
export function useLanguage() {
  const language = useSyncExternalStore(onLanguageChange, currentLanguage, currentLanguage);
  const t = useMemo(() => i18n.getFixedT(language), [language]);
  return { t, language };
}
