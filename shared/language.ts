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

/** RFC 9110 section 12.4.2: "q=" (any case), then 0 with at most three decimals, or 1 with at most three zeros. */
const WEIGHT = /^q=(0(?:\.[0-9]{0,3})?|1(?:\.0{0,3})?)$/i;
/** RFC 4647 section 2.1: a language range; the wildcard "*" names no language of ours. */
const LANGUAGE_RANGE = /^[a-z]{1,8}(?:-[a-z0-9]{1,8})*$/i;
/** Optional white space is spaces and tabs only (RFC 9110 section 5.6.3). */
const trimOws = (s: string) => s.replace(/^[ \t]+|[ \t]+$/g, '');

/**
 * The tags of an `Accept-Language` header, most wanted first ("q" weights honoured, q=0 dropped). An element
 * that is not a language range with at most one valid weight is ignored as a whole (decision 0020): a weight
 * such as q=2, q=NaN or q=0.50001 never outranks a valid one, and a header of junk means "no preference".
 */
export function acceptLanguageTags(header: string | undefined | null): string[] {
  if (!header) return [];
  const wanted: { tag: string; weight: number; index: number }[] = [];
  header.split(',').forEach((element, index) => {
    const [tag = '', ...params] = element.split(';').map(trimOws);
    if (!LANGUAGE_RANGE.test(tag) || params.length > 1) return;
    const weight = params.length === 0 ? 1 : Number(WEIGHT.exec(params[0]!)?.[1] ?? Number.NaN);
    if (weight > 0) wanted.push({ tag, weight, index });
  });
  return wanted.sort((a, b) => b.weight - a.weight || a.index - b.index).map((t) => t.tag);
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
