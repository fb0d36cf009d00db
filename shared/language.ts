import { LANGUAGES, type Language } from './values';

/**
 * Which of our languages a list of preferred language tags asks for (decision 0020): the first tag that is
 * English (en, en-GB, …) or Norwegian (nb, nn, no and their regions) decides; any other tag is skipped;
 * none of ours is Norwegian, the default. Shared: the app reads `navigator.languages`, the server
 * `Accept-Language`.
 */
export function languageOfTags(tags: readonly string[]): Language {
  for (const tag of tags) {
    const primary = tag.trim().toLowerCase().split(/[-_]/)[0];
    if (primary === 'en') return 'en';
    if (primary === 'nb' || primary === 'nn' || primary === 'no') return 'nb';
  }
  return 'nb';
}

/** The tags of an `Accept-Language` header, most wanted first ("q" weights honoured, q=0 dropped). */
export function acceptLanguageTags(header: string | undefined | null): string[] {
  if (!header) return [];
  return header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q=([0-9.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
      return { tag: tag.trim(), weight: q === undefined ? 1 : Number(q), index };
    })
    .filter((t) => t.tag !== '' && t.tag !== '*' && Number.isFinite(t.weight) && t.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index)
    .map((t) => t.tag);
}

/** The language an `Accept-Language` header asks for. */
export function languageOfAcceptLanguage(header: string | undefined | null): Language {
  return languageOfTags(acceptLanguageTags(header));
}

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** The BCP 47 locale each language formats dates and numbers with. */
export const LOCALES: Readonly<Record<Language, string>> = { nb: 'nb-NO', en: 'en-GB' };
