import { codeInChain } from '../error-chain';
import { eq } from 'drizzle-orm';
import type { Queryable } from '../db/client';
import { tee } from '../db/schema';
import type { TeeRatings } from '../golf';
import type { TeeGender } from '../../shared/values';

/**
 * The one place course rating and slope are read: the rounds domain computes handicaps from them on the
 * server. Nothing returned from here may be put into an answer, an event or a log line.
 */
export async function teeRatings(db: Queryable, teeId: string): Promise<(TeeRatings & { courseId: string }) | null> {
  const [row] = await db
    .select({
      courseId: tee.courseId,
      courseRating: tee.courseRating,
      slope: tee.slope,
      par: tee.par,
      front9Rating: tee.front9Rating,
      front9Slope: tee.front9Slope,
      back9Rating: tee.back9Rating,
      back9Slope: tee.back9Slope,
    })
    .from(tee)
    .where(eq(tee.id, teeId))
    .limit(1);
  return row ?? null;
}

/** A tee as written by the import and by personal courses; nine-hole ratings only come from imports. */
export interface TeeDefinition {
  name: string;
  color?: string | null | undefined;
  gender?: TeeGender | null | undefined;
  par: number;
  courseRating: number;
  slope: number;
  front9?: { courseRating: number; slope: number } | null | undefined;
  back9?: { courseRating: number; slope: number } | null | undefined;
  lengths?: number[] | null | undefined;
}

/** A tee's numbers as its row holds them: what a played version keeps (versions.ts). */
export interface TeeNumbers {
  name: string;
  color: string | null;
  gender: TeeGender | null;
  par: number;
  courseRating: number;
  slope: number;
  front9Rating: number | null;
  front9Slope: number | null;
  back9Rating: number | null;
  back9Slope: number | null;
  lengths: number[] | null;
}

/** A tee definition as the tee row would hold it. */
export function teeNumbersOf(t: TeeDefinition): TeeNumbers {
  return {
    name: t.name,
    color: t.color ?? null,
    gender: t.gender ?? null,
    par: t.par,
    courseRating: t.courseRating,
    slope: t.slope,
    front9Rating: t.front9?.courseRating ?? null,
    front9Slope: t.front9?.slope ?? null,
    back9Rating: t.back9?.courseRating ?? null,
    back9Slope: t.back9?.slope ?? null,
    lengths: t.lengths ?? null,
  };
}

/** The tee table's row for a definition: write it only through withRatingsHidden. */
export function teeRow(courseId: string, t: TeeDefinition, position: number) {
  return { courseId, ...teeNumbersOf(t), position };
}

/**
 * Runs a write that carries rating and slope. A failed query's error names its parameters (and a
 * constraint violation the failing row), and unexpected errors are logged: so a failure here is rethrown
 * as an error that keeps the database's error code and nothing else.
 */
export async function withRatingsHidden<T>(write: () => PromiseLike<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    const code = codeInChain(error, (c) => /^[0-9A-Z]{5}$/.test(c));
    throw Object.assign(
      new Error(`A write of tee ratings failed${code ? ` (database error ${code})` : ''}; details withheld.`),
      code ? { code } : {},
    );
  }
}
