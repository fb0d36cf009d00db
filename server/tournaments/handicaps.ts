import { DEFAULT_HANDICAP_INDEX } from '../../shared/schemas/rounds';
import { teeRatings } from '../courses/ratings';
import type { Queryable } from '../db/client';
import { courseHandicap, playingHandicap, wholeCourseHandicap, type Rating } from '../golf';

/**
 * An entry's handicaps (docs/golf.md): the course handicap from the division's tee, kept unrounded; the playing
 * handicap is the tournament's allowance on that unrounded value. Rating and slope stay on the server.
 */
export interface EntryHandicaps {
  handicapIndex: number;
  /** Unrounded: what is stored when frozen, and what the allowance is applied to. */
  courseHandicap: number;
  playingHandicap: number;
}

export function entryHandicaps(handicapIndex: number, rating: Rating, allowancePercent: number): EntryHandicaps {
  const ch = courseHandicap(handicapIndex, rating);
  return { handicapIndex, courseHandicap: ch, playingHandicap: playingHandicap(ch, allowancePercent) };
}

/** A member without an index plays off 54, as in rounds; a guest's index is the one given at entry. */
export function indexToPlay(
  entry: { isGuest: boolean; handicapIndex: number | null },
  memberIndex: number | null,
): number {
  const index = entry.isGuest ? entry.handicapIndex : (memberIndex ?? entry.handicapIndex);
  return index ?? DEFAULT_HANDICAP_INDEX;
}

/** The shown course handicap is whole (as in rounds); the stored one is not. */
export function shownCourseHandicap(unrounded: number): number {
  return wholeCourseHandicap(unrounded);
}

/** The ratings of the divisions' tees, by tee id: read once per request, never sent anywhere. */
export async function ratingsOfTees(db: Queryable, teeIds: readonly string[]): Promise<Map<string, Rating>> {
  const ratings = new Map<string, Rating>();
  for (const teeId of new Set(teeIds)) {
    const r = await teeRatings(db, teeId);
    if (r) ratings.set(teeId, { courseRating: r.courseRating, slope: r.slope, par: r.par });
  }
  return ratings;
}
