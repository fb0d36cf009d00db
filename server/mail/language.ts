import type { Language } from '../../shared/values';

/**
 * The language of a mail (decisions 0020 and 0108): the recipient account's saved choice, else the
 * language of the request that caused the mail (the app's, or Accept-Language), else Norwegian.
 */
export function mailLanguage(account: Language | null | undefined, request: Language | undefined): Language {
  return account ?? request ?? 'nb';
}
