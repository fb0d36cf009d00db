import { and, eq } from 'drizzle-orm';
import type { Transaction } from '../db/client';
import { course, round, tournament } from '../db/schema';
import type { Deps } from '../deps';

/**
 * A deleted account's personal courses go (decision 0107), except one that other players' rounds or a
 * tournament were played on: it stays, without owner and unshared, so their rounds keep their course and
 * nobody can edit or find it any more. Runs after the account's own rounds went, so those do not keep one.
 */
export async function eraseUserCourses(
  deps: Pick<Deps, 'now'>,
  tx: Transaction,
  userId: string,
): Promise<{ courses: number; coursesKept: number }> {
  const courses = await tx
    .select({ id: course.id })
    .from(course)
    .where(and(eq(course.kind, 'personal'), eq(course.ownerUserId, userId)));
  let coursesKept = 0;
  for (const c of courses) {
    const [usedByRound] = await tx.select({ id: round.id }).from(round).where(eq(round.courseId, c.id)).limit(1);
    const [usedByTournament] = await tx
      .select({ id: tournament.id })
      .from(tournament)
      .where(eq(tournament.courseId, c.id))
      .limit(1);
    if (usedByRound || usedByTournament) {
      await tx
        .update(course)
        .set({ ownerUserId: null, shared: false, updatedAt: deps.now() })
        .where(eq(course.id, c.id));
      coursesKept++;
    } else {
      await tx.delete(course).where(eq(course.id, c.id));
    }
  }
  return { courses: courses.length - coursesKept, coursesKept };
}

/** An account merged into another (decision 0303): its personal courses become the survivor's. */
export async function moveUserCourses(tx: Transaction, fromUserId: string, toUserId: string): Promise<number> {
  const moved = await tx
    .update(course)
    .set({ ownerUserId: toUserId })
    .where(and(eq(course.ownerUserId, fromUserId), eq(course.kind, 'personal')))
    .returning({ id: course.id });
  return moved.length;
}
