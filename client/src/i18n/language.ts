import { isLanguage, languageOfTags } from '../../../shared/language';
import type { Language } from '../../../shared/values';
import { STORAGE_KEYS } from '../offline/storage-names';

/** Where a choice made while signed out is remembered (the sign-in screen's switch), per browser. */
export const LANGUAGE_STORAGE_KEY = STORAGE_KEYS.language;

/**
 * The language the app shows (decision 0020): the account's saved choice, else the one picked on this
 * browser while signed out, else the browser's own languages, else Norwegian.
 */
export function chooseLanguage(input: {
  account: Language | null | undefined;
  stored: string | null | undefined;
  browser: readonly string[];
}): Language {
  if (input.account) return input.account;
  if (isLanguage(input.stored)) return input.stored;
  return languageOfTags(input.browser);
}

export function readStoredLanguage(): string | null {
  try {
    return window.localStorage.getItem(LANGUAGE_STORAGE_KEY);
  } catch {
    return null;
  }
}

/** Remembers a choice on this browser; null forgets it (the browser's language decides again). */
export function storeLanguage(language: Language | null): void {
  try {
    if (language) window.localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
    else window.localStorage.removeItem(LANGUAGE_STORAGE_KEY);
  } catch {
    // Private mode without storage: the choice lasts until the page is closed.
  }
}

export function browserLanguages(): readonly string[] {
  return navigator.languages?.length ? navigator.languages : [navigator.language];
}
