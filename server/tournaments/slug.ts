import { randomInt } from 'node:crypto';
import { fold } from '../courses/search-text';
import type { Queryable } from '../db/client';
import { tournament } from '../db/schema';

type NewTournament = typeof tournament.$inferInsert;

const SLUG_MAX_CHARS = 60;
/** Letters and digits that cannot be misread on a poster: no 0/o, 1/l/i. */
const SUFFIX_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
const SUFFIX_CHARS = 5;

/**
 * The address part of a name: folded as course search folds it (æ → ae, ø → o, å → a, no accents, lower
 * case), words joined by hyphens. "Bærums Åpne 2026" → "baerums-apne-2026".
 */
export function slugBase(name: string): string {
  const slug = fold(name).replace(/ /g, '-').slice(0, SLUG_MAX_CHARS).replace(/-+$/, '');
  return slug === '' ? 'turnering' : slug;
}

/** The name's base and a random suffix: "baerums-apne-2026-k7m2x". */
export function slugCandidate(base: string): string {
  const suffix = Array.from({ length: SUFFIX_CHARS }, () => SUFFIX_ALPHABET[randomInt(SUFFIX_ALPHABET.length)]);
  return `${base}-${suffix.join('')}`;
}

/**
 * Inserts the tournament under its name's base and a random suffix (decision 0409). Slugs are unique across
 * the service while other organizations' tournaments are invisible under row-level security; a slug that
 * was the bare name, numbered `-2`, `-3` when taken, told a club that another had a draft or members-only
 * tournament of that name, and let a club take another's obvious address first. A random suffix says
 * nothing about anyone else and cannot be aimed at. The unique index still judges: `on conflict do nothing`
 * yields no row in the (vanishingly rare) case of a taken suffix, and another is drawn.
 */
export async function insertWithFreeSlug(
  tx: Queryable,
  values: Omit<NewTournament, 'slug'>,
): Promise<typeof tournament.$inferSelect> {
  const base = slugBase(values.name);
  for (;;) {
    const [row] = await tx
      .insert(tournament)
      .values({ ...values, slug: slugCandidate(base) })
      .onConflictDoNothing({ target: tournament.slug })
      .returning();
    if (row) return row;
  }
}
