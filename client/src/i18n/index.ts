import i18next from 'i18next';
import { useMemo, useSyncExternalStore } from 'react';
import type { Language } from '../../../shared/values';
import { listFormat } from '../../../shared/i18n/render';
import { type Area, type AreaLoader, NORWEGIAN, SHELL_TEXTS } from './areas';
import { ENGLISH } from './english';
import { browserLanguages, chooseLanguage, readStoredLanguage } from './language';

/**
 * The app's languages (decisions 0020, 0024): i18next, one namespace whose first keys are the catalogue's
 * areas (`rounds.title`), typed from the Norwegian (i18next.d.ts). The shell's Norwegian is in the main
 * chunk; every other area, and all English, is loaded by the screens that use it (`loadTexts`). React
 * follows the language through `useLanguage` (a store subscription), not react-i18next, whose weight the
 * public page's budget could not carry.
 */
export const i18n = i18next.createInstance();

void i18n.init({
  lng: 'nb',
  fallbackLng: 'nb',
  supportedLngs: ['nb', 'en'],
  resources: { nb: { translation: SHELL_TEXTS } },
  // React escapes what it renders; i18next must not escape it a second time.
  interpolation: { escapeValue: false },
  initAsync: false,
  returnNull: false,
});
// Lists join as the server's texts join them (shared/i18n/render.ts).
i18n.services.formatter?.add('list', listFormat);

const LOADERS: Record<Language, Record<Area, AreaLoader>> = { nb: NORWEGIAN, en: ENGLISH };
/** Each area's load in each language, once ("en:rounds"). */
const loading = new Map<string, Promise<void>>();
/** Every area a screen has asked for: a language switch loads them all before the app changes language. */
const inUse = new Set<Area>(Object.keys(SHELL_TEXTS) as Area[]);
/** The language being switched to, so that an area asked for meanwhile is loaded in it too. */
let shownNext: Language = 'nb';

function loadArea(language: Language, area: Area): Promise<void> {
  const key = `${language}:${area}`;
  let pending = loading.get(key);
  if (!pending) {
    pending = (async () => {
      const module = await LOADERS[language][area]();
      i18n.addResourceBundle(language, 'translation', { [area]: module[area] }, true, true);
    })();
    // A chunk that failed to arrive (a lost connection) is asked for again next time.
    pending.catch(() => loading.delete(key));
    loading.set(key, pending);
  }
  return pending;
}

/**
 * Loads areas in the language shown (and the one being switched to): a screen's lazy loader awaits it
 * (`lazyWithTexts`), so a screen never renders before its texts are there. Code outside a screen (a test)
 * calls it before it renders a text.
 */
export async function loadTexts(areas: readonly Area[]): Promise<void> {
  for (const area of areas) inUse.add(area);
  const languages = new Set([currentLanguage(), shownNext]);
  await Promise.all([...languages].flatMap((language) => areas.map((area) => loadArea(language, area))));
}

/** Shows the app in `language`: the areas in use loaded in it, every screen re-rendered, `<html lang>` set. */
export async function applyLanguage(language: Language): Promise<void> {
  shownNext = language;
  await Promise.all([...inUse].map((area) => loadArea(language, area)));
  // A later choice made while this one loaded wins.
  if (shownNext !== language) return;
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
