import { fold } from '../courses/search-text';
import type { Queryable } from '../db/client';
import { tournament } from '../db/schema';

type NewTournament = typeof tournament.$inferInsert;

const SLUG_MAX_CHARS = 60;
/** Suffixes tried in order before one random enough to be free; a club reusing one name 50 times is rare. */
const SLUG_NUMBERED_TRIES = 50;

/**
 * The address part of a name: folded as course search folds it (æ → ae, ø → o, å → a, no accents, lower
 * case), words joined by hyphens. "Bærums Åpne 2026" → "baerums-apne-2026".
 */
export function slugBase(name: string): string {
  const slug = fold(name).replace(/ /g, '-').slice(0, SLUG_MAX_CHARS).replace(/-+$/, '');
  return slug === '' ? 'turnering' : slug;
}

export function slugCandidate(base: string, attempt: number): string {
  if (attempt === 0) return base;
  if (attempt <= SLUG_NUMBERED_TRIES) return `${base}-${attempt + 1}`;
  return `${base}-${crypto.randomUUID().slice(0, 8)}`;
}

/**
 * Inserts the tournament under the first free slug of its name: `base`, `base-2`, `base-3` … Slugs are
 * unique across the service, and other organizations' tournaments are invisible under row-level security,
 * so the unique index is the only judge: `on conflict do nothing` waits for a parallel insert of the same
 * slug to commit and then yields nothing, and the next candidate is tried. No transaction is aborted.
 */
export async function insertWithFreeSlug(
  tx: Queryable,
  values: Omit<NewTournament, 'slug'>,
): Promise<typeof tournament.$inferSelect> {
  const base = slugBase(values.name);
  for (let attempt = 0; ; attempt++) {
    const [row] = await tx
      .insert(tournament)
      .values({ ...values, slug: slugCandidate(base, attempt) })
      .onConflictDoNothing({ target: tournament.slug })
      .returning();
    if (row) return row;
  }
}
