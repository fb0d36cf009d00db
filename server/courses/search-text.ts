import { fold } from '../../shared/search-text';

/** The folding itself is shared with the app (../../shared/search-text.ts). */
export { fold };

export function tokens(text: string): string[] {
  const folded = fold(text);
  return folded === '' ? [] : folded.split(' ');
}

/**
 * Words that say "golf club" rather than which one: a query made only of them still searches, but in a
 * longer query they are optional, so "Bogstad GK" finds the club whether or not its name says "GK".
 */
export const GENERIC_WORDS = new Set([
  'gk',
  'golf',
  'golfklubb',
  'golfklubben',
  'golfclub',
  'golfbane',
  'golfbanen',
  'golfpark',
  'golfsenter',
  'klubb',
  'club',
  'course',
  'bane',
  'banen',
]);

/** Names say "Golfklubb" where golfers type "GK", and the other way round. */
function aliasesOf(words: string[]): string[] {
  const extra: string[] = [];
  if (words.some((w) => w.startsWith('golfklubb'))) extra.push('gk');
  if (words.includes('gk')) extra.push('golfklubb');
  return extra;
}

/**
 * The text a club is found by: its name, the names of its courses and any other names it goes by, its
 * city, and the aliases above. Stored in club.search_name.
 */
export function clubSearchText(club: {
  name: string;
  city?: string | null;
  aliases?: readonly string[];
  courseNames?: readonly string[];
}): string {
  const words = [club.name, ...(club.aliases ?? []), ...(club.courseNames ?? []), club.city ?? ''].flatMap(tokens);
  return unique([...words, ...aliasesOf(words)]).join(' ');
}

/** A course: its own name, its club's, the city, and the country (code and names in Norwegian and English). */
export function courseSearchText(course: {
  name: string;
  clubName?: string | null;
  city?: string | null;
  country: string;
}): string {
  const words = [course.name, course.clubName ?? '', course.city ?? '', ...countryNames(course.country)].flatMap(
    tokens,
  );
  return unique([...words, ...aliasesOf(words)]).join(' ');
}

const regionNames = [
  new Intl.DisplayNames(['nb'], { type: 'region' }),
  new Intl.DisplayNames(['en'], { type: 'region' }),
];

/** "ES" → ["es", "Spania", "Spain"]: a personal course is found by its country's name as well as its code. */
export function countryNames(code: string): string[] {
  const names = [code];
  for (const names_ of regionNames) {
    try {
      const name = names_.of(code.toUpperCase());
      if (name && name.toUpperCase() !== code.toUpperCase()) names.push(name);
    } catch {
      // Not a region code Intl knows: the code alone is searchable.
    }
  }
  return names;
}

function unique(words: string[]): string[] {
  return [...new Set(words.filter((w) => w !== ''))];
}
