import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { queryRows, type Queryable } from '../db/client';
import { course, courseHole, round, tee, tournament, tournamentDivision } from '../db/schema';
import type { TeeNumbers } from './ratings';

/**
 * Played versions of a course (decision 0417). A round plays its course's holes and its tee as they were
 * when its play began (the first score, which freezes the handicaps), a tournament from its move to
 * `in_progress`; an edit by the owner, a corrected import or a deletion changes future play only. So before
 * such a change is written, the course as it is now is copied into a retired course row with its holes and
 * tees, and every round and tournament whose play has begun is moved onto the copy, each on its own tee.
 * Readers need to know nothing of this: they read a round's or a tournament's course and tee by id, as
 * before, and find the numbers that were played.
 *
 * Callers hold the course row's update lock (a personal course's `FOR UPDATE`, the import's `UPDATE
 * course`). The beginning of play share-locks the same row (`lockCourseForPlay`), so a round or tournament
 * is either begun before the change and moved, or begins after it on the changed course.
 */

/** The share lock the beginning of play takes on its course: it waits for a change being written. */
export async function lockCourseForPlay(tx: Queryable, courseId: string): Promise<void> {
  await tx.select({ id: course.id }).from(course).where(eq(course.id, courseId)).for('share');
}

/** The rounds and tournaments on a course whose play has begun. */
async function begunPlays(tx: Queryable, courseId: string): Promise<{ rounds: string[]; tournaments: string[] }> {
  const rounds = await tx
    .select({ id: round.id })
    .from(round)
    .where(and(eq(round.courseId, courseId), isNotNull(round.startedAt)));
  const tournaments = await tx
    .select({ id: tournament.id })
    .from(tournament)
    .where(and(eq(tournament.courseId, courseId), isNotNull(tournament.startedAt)));
  return { rounds: rounds.map((r) => r.id), tournaments: tournaments.map((t) => t.id) };
}

/** Of `courseIds`, those with a round or tournament whose play has begun: the only ones a change must version. */
export async function coursesWithBegunPlay(tx: Queryable, courseIds: readonly string[]): Promise<Set<string>> {
  if (courseIds.length === 0) return new Set();
  const rows = await queryRows<{ course_id: string }>(
    tx,
    sql`
    select ${round.courseId} as course_id from ${round}
      where ${inArray(round.courseId, [...courseIds])} and ${isNotNull(round.startedAt)}
    union
    select ${tournament.courseId} from ${tournament}
      where ${inArray(tournament.courseId, [...courseIds])} and ${isNotNull(tournament.startedAt)}`,
  );
  return new Set(rows.map((r) => r.course_id));
}

/**
 * Moves the begun rounds and tournaments of `courseId` onto a retired copy of the course as it is now.
 * Nothing is copied when no play has begun. The copy is made by INSERT … SELECT: ratings are never
 * parameters of a query here, so no error can carry them (server/courses/ratings.ts).
 */
export async function keepPlayedVersion(tx: Queryable, courseId: string, now: Date): Promise<void> {
  const plays = await begunPlays(tx, courseId);
  if (plays.rounds.length === 0 && plays.tournaments.length === 0) return;

  const stamp = now.toISOString();
  const [version] = await queryRows<{ id: string }>(
    tx,
    sql`
      insert into ${course} (kind, club_id, owner_user_id, name, search_text, country, city, lat, lng, shared,
                             created_at, updated_at, retired_at)
      select kind, club_id, null, name, search_text, country, city, lat, lng, false, created_at, ${stamp}::timestamptz,
             ${stamp}::timestamptz
        from ${course} where id = ${courseId}
      returning id`,
  );
  const versionId = version!.id;
  await tx.execute(sql`
    insert into ${courseHole} (course_id, number, par, stroke_index)
    select ${versionId}, number, par, stroke_index from ${courseHole} where course_id = ${courseId}`);
  const tees = await tx.select({ id: tee.id }).from(tee).where(eq(tee.courseId, courseId));
  for (const { id: teeId } of tees) {
    const [copy] = await queryRows<{ id: string }>(
      tx,
      sql`
        insert into ${tee} (course_id, name, color, gender, par, course_rating, slope, front9_rating, front9_slope,
                            back9_rating, back9_slope, lengths, position)
        select ${versionId}, name, color, gender, par, course_rating, slope, front9_rating, front9_slope,
               back9_rating, back9_slope, lengths, position
          from ${tee} where id = ${teeId}
        returning id`,
    );
    if (plays.rounds.length > 0) {
      await tx
        .update(round)
        .set({ courseId: versionId, teeId: copy!.id })
        .where(and(inArray(round.id, plays.rounds), eq(round.teeId, teeId)));
    }
    if (plays.tournaments.length > 0) {
      await tx
        .update(tournamentDivision)
        .set({ teeId: copy!.id })
        .where(and(inArray(tournamentDivision.tournamentId, plays.tournaments), eq(tournamentDivision.teeId, teeId)));
    }
  }
  if (plays.tournaments.length > 0) {
    await tx.update(tournament).set({ courseId: versionId }).where(inArray(tournament.id, plays.tournaments));
  }
}

/** What play reads of a course: its holes, and each tee's numbers by id (its order on the course aside). */
export interface PlayedShape {
  holes: readonly { number: number; par: number; strokeIndex: number }[];
  tees: ReadonlyMap<string, TeeNumbers>;
}

export async function playedShapeOf(tx: Queryable, courseId: string): Promise<PlayedShape> {
  const holes = await tx
    .select({ number: courseHole.number, par: courseHole.par, strokeIndex: courseHole.strokeIndex })
    .from(courseHole)
    .where(eq(courseHole.courseId, courseId));
  const rows = await tx
    .select({
      id: tee.id,
      name: tee.name,
      color: tee.color,
      gender: tee.gender,
      par: tee.par,
      courseRating: tee.courseRating,
      slope: tee.slope,
      front9Rating: tee.front9Rating,
      front9Slope: tee.front9Slope,
      back9Rating: tee.back9Rating,
      back9Slope: tee.back9Slope,
      lengths: tee.lengths,
    })
    .from(tee)
    .where(eq(tee.courseId, courseId));
  return { holes, tees: new Map(rows.map(({ id, ...numbers }) => [id, numbers])) };
}

/**
 * Whether a change from `before` to `after` alters anything a begun round reads: a hole's par or stroke
 * index, the number of holes, or any field of a tee that stays (a tee that goes counts as a change; a new
 * tee does not, since nothing has been played on it). `after.tees` holds the tees that stay, by id.
 */
export function changesPlay(before: PlayedShape, after: PlayedShape): boolean {
  const key = (holes: PlayedShape['holes']) =>
    JSON.stringify([...holes].sort((a, b) => a.number - b.number).map((h) => [h.number, h.par, h.strokeIndex]));
  if (key(before.holes) !== key(after.holes)) return true;
  for (const [id, numbers] of before.tees) {
    const next = after.tees.get(id);
    if (!next || JSON.stringify(teeKey(numbers)) !== JSON.stringify(teeKey(next))) return true;
  }
  return false;
}

function teeKey(t: TeeNumbers): unknown[] {
  return [
    t.name,
    t.color,
    t.gender,
    t.par,
    Number(t.courseRating),
    t.slope,
    t.front9Rating === null ? null : Number(t.front9Rating),
    t.front9Slope,
    t.back9Rating === null ? null : Number(t.back9Rating),
    t.back9Slope,
    t.lengths ?? null,
  ];
}
