import i18next, { type Resource } from 'i18next';
import type { Language } from '../values';
import type { TextParams } from './types';

/**
 * One way to turn a key of a catalogue into words, for code that is not the app's screens (the server's
 * error bodies, mails, files): the same i18next syntax the app renders with ({{value}}, `_one`/`_other`
 * plurals, `{{list, list}}` through Intl.ListFormat), so a text reads the same wherever it is rendered.
 */
export interface Renderer {
  text(language: Language, key: string, params?: TextParams): string;
  has(key: string): boolean;
}

/** The locale a list is joined in: British English ("3, 4 and 5", as en-GB formats the dates) and bokmål. */
const LIST_LOCALES: Record<string, string> = { en: 'en-GB', nb: 'nb' };

/** One ListFormat per locale and type, made on first use: making one per text cost more than joining. */
const listFormats = new Map<string, Intl.ListFormat>();

/** `{{holes, list}}` joins with "og"/"and"; `{{choices, list(type: disjunction)}}` with "eller"/"or". */
export function listFormat(value: unknown, language: string | undefined, options: Record<string, unknown>): string {
  const type = options.type === 'disjunction' ? 'disjunction' : 'conjunction';
  const items = Array.isArray(value) ? value.map(String) : [String(value)];
  const locale = LIST_LOCALES[language ?? 'nb'] ?? 'nb';
  let format = listFormats.get(`${locale}:${type}`);
  if (!format) {
    format = new Intl.ListFormat(locale, { type });
    listFormats.set(`${locale}:${type}`, format);
  }
  return format.format(items);
}

/** A renderer over the given catalogues: `{ nb: { errors, mail }, en: { errors, mail } }`, keyed `area.path`. */
export function createRenderer(catalogues: Record<Language, Resource[string]['translation']>): Renderer {
  const instance = i18next.createInstance();
  void instance.init({
    lng: 'nb',
    fallbackLng: false,
    supportedLngs: ['nb', 'en'],
    resources: { nb: { translation: catalogues.nb }, en: { translation: catalogues.en } },
    // Bodies are JSON and mails escape their own HTML; i18next must not escape a value a second time.
    interpolation: { escapeValue: false },
    initAsync: false,
    returnNull: false,
  });
  instance.services.formatter?.add('list', listFormat);
  return {
    text: (language, key, params) => {
      // Untyped on purpose: the app's key types (client/src/i18n/i18next.d.ts) describe its own catalogue.
      // `lng` per call rather than getFixedT per call: a quarter of the cost, and texts are many per answer.
      const t = instance.t as unknown as (key: string, options: Record<string, unknown>) => string;
      return t(key, { ...params, lng: language });
    },
    has: (key) => instance.exists(key, { lng: 'nb' }),
  };
}
