import { and, asc, eq } from 'drizzle-orm';
import type { Queryable } from '../db/client';
import { courseHole, tournament } from '../db/schema';

/**
 * The holes a tournament plays, read through its own row in one statement. An edit of a course under a
 * tournament that has begun moves the tournament onto its played version (courses/versions.ts) in the same
 * commit as the edit: one statement sees the row and the holes of one moment, so a reader never pairs the
 * old course id with the edited holes, and no page cached from such a read can disagree with the results.
 */
export async function tournamentHoles(
  db: Queryable,
  tournamentId: string,
  only?: { number: number },
): Promise<{ number: number; par: number; strokeIndex: number }[]> {
  return db
    .select({ number: courseHole.number, par: courseHole.par, strokeIndex: courseHole.strokeIndex })
    .from(courseHole)
    .innerJoin(tournament, eq(tournament.courseId, courseHole.courseId))
    .where(and(eq(tournament.id, tournamentId), only ? eq(courseHole.number, only.number) : undefined))
    .orderBy(asc(courseHole.number));
}
