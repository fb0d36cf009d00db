import type { KeyedIssue } from '../../shared/errors';
import { count, eq } from 'drizzle-orm';
import { HOLES_PER_TOURNAMENT_ROUND } from '../../shared/schemas/tournaments';
import { lockVisibleCourse } from '../courses/courses';
import type { Queryable } from '../db/client';
import { courseHole, tee } from '../db/schema';
import { AppError } from '../errors';

/**
 * The rounds' course: one the acting admin may see (404 otherwise, as rounds.create answers) and of 18
 * holes (400: tournament rounds are 18 holes). Each division's tee must be one of its tees (400). The
 * course row is share-locked until the caller's transaction ends (lockVisibleCourse), as rounds.create does.
 */
export async function assertTournamentCourse(
  db: Queryable,
  input: { courseId: string; userId: string; teeIds: readonly string[] },
): Promise<void> {
  if (!(await lockVisibleCourse(db, input.courseId, input.userId)))
    throw new AppError('NOT_FOUND', { key: 'errors.courses.notFound' });
  const [{ holes } = { holes: 0 }] = await db
    .select({ holes: count() })
    .from(courseHole)
    .where(eq(courseHole.courseId, input.courseId));
  if (holes !== HOLES_PER_TOURNAMENT_ROUND) {
    throw new AppError('INVALID_INPUT', {
      issues: [{ path: 'rounds', key: 'errors.tournaments.eighteenHoleCourse' }],
    });
  }
  const tees = new Set(
    (await db.select({ id: tee.id }).from(tee).where(eq(tee.courseId, input.courseId))).map((t) => t.id),
  );
  const issues = input.teeIds.flatMap((teeId, i): KeyedIssue[] =>
    tees.has(teeId) ? [] : [{ path: `divisions.${i}.teeId`, key: 'errors.tournaments.teeNotOfCourse' }],
  );
  if (issues.length > 0) throw new AppError('INVALID_INPUT', { issues });
}
