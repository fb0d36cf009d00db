import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { KeyedIssue } from '../../shared/errors';
import {
  courseDefinitionIssues,
  type Course,
  type PersonalCourseCreate,
  type PersonalCourseUpdate,
} from '../../shared/schemas/courses';
import type { Queryable } from '../db/client';
import { course, courseHole, round, tee, tournament, tournamentDivision } from '../db/schema';
import type { Deps } from '../deps';
import { AppError } from '../errors';
import { loadCoursesById } from './courses';
import { teeNumbersOf, teeRow, withRatingsHidden } from './ratings';
import { courseSearchText } from './search-text';
import { changesPlay, keepPlayedVersion, playedShapeOf } from './versions';
import type { Actor } from '../actor';

/**
 * Personal courses: a user's own courses, with the rating and slope they entered (used for handicaps,
 * never shown again, not even to them). `shared` ones are found by everyone in the international search.
 */

export async function createPersonalCourse(
  deps: Deps,
  actor: Pick<Actor, 'userId'>,
  input: PersonalCourseCreate,
): Promise<Course> {
  const id = await deps.db.transaction(async (tx) => {
    const [created] = await tx
      .insert(course)
      .values({
        kind: 'personal',
        ownerUserId: actor.userId,
        name: input.name,
        searchText: courseSearchText({ name: input.name, city: input.city, country: input.country }),
        country: input.country,
        city: input.city ?? null,
        lat: input.lat ?? null,
        lng: input.lng ?? null,
        shared: input.shared,
      })
      .returning({ id: course.id });
    const courseId = created!.id;
    await tx.insert(courseHole).values(input.holes.map((h) => ({ courseId, ...h })));
    await withRatingsHidden(() => tx.insert(tee).values(input.tees.map((t, i) => teeRow(courseId, t, i))));
    return courseId;
  });
  const [saved] = await loadCoursesById(deps.db, [id], actor.userId);
  return saved!;
}

export async function myPersonalCourses(deps: Deps, actor: Pick<Actor, 'userId'>): Promise<{ courses: Course[] }> {
  const rows = await deps.db
    .select({ id: course.id })
    .from(course)
    .where(and(eq(course.kind, 'personal'), eq(course.ownerUserId, actor.userId)))
    .orderBy(asc(course.name));
  return {
    courses: await loadCoursesById(
      deps.db,
      rows.map((r) => r.id),
      actor.userId,
    ),
  };
}

/** The owner's, or a shared one; anything else (someone else's unshared course, an official course) is 404. */
export async function requirePersonalCourse(
  deps: Deps,
  actor: Pick<Actor, 'userId'>,
  input: { personalCourseId: string },
): Promise<Course> {
  const row = await findPersonal(deps.db, input.personalCourseId);
  if (!row || (row.ownerUserId !== actor.userId && !row.shared)) throw new AppError('NOT_FOUND');
  const [found] = await loadCoursesById(deps.db, [row.id], actor.userId);
  return found!;
}

async function findPersonal(db: Queryable, courseId: string, lock = false) {
  const query = db
    .select({
      id: course.id,
      ownerUserId: course.ownerUserId,
      shared: course.shared,
      name: course.name,
      city: course.city,
      country: course.country,
    })
    .from(course)
    .where(and(eq(course.id, courseId), eq(course.kind, 'personal')))
    .limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

/** Only the owner changes a course: a shared one of someone else is 403, an unshared one 404. */
function assertOwner(
  row: { ownerUserId: string | null; shared: boolean } | null,
  userId: string,
): asserts row is { ownerUserId: string; shared: boolean } {
  if (!row || (row.ownerUserId !== userId && !row.shared)) throw new AppError('NOT_FOUND');
  if (row.ownerUserId !== userId) throw new AppError('FORBIDDEN', { key: 'errors.courses.onlyOwnerChanges' });
}

/**
 * Whether a round or a tournament names the course, or one of the tees. Asked after the begun ones have
 * been moved to a played version (versions.ts), so what remains is play that has not begun: it follows an
 * edit, and cannot follow a deletion, a tee's removal or a new number of holes (the foreign keys would
 * refuse the delete, a 500). Read under the course's row lock, which rounds.create and a tournament's
 * course check share-lock, so none arrives between this look and the change.
 */
async function coursePlayed(db: Queryable, courseId: string): Promise<boolean> {
  const one = { one: sql<number>`1` };
  const [inRound] = await db.select(one).from(round).where(eq(round.courseId, courseId)).limit(1);
  if (inRound) return true;
  const [inTournament] = await db.select(one).from(tournament).where(eq(tournament.courseId, courseId)).limit(1);
  return inTournament !== undefined;
}

async function teesPlayed(db: Queryable, teeIds: string[]): Promise<boolean> {
  if (teeIds.length === 0) return false;
  const one = { one: sql<number>`1` };
  const [inRound] = await db.select(one).from(round).where(inArray(round.teeId, teeIds)).limit(1);
  if (inRound) return true;
  const [inDivision] = await db
    .select(one)
    .from(tournamentDivision)
    .where(inArray(tournamentDivision.teeId, teeIds))
    .limit(1);
  return inDivision !== undefined;
}

export async function updatePersonalCourse(
  deps: Deps,
  actor: Pick<Actor, 'userId'>,
  input: PersonalCourseUpdate,
): Promise<Course> {
  await deps.db.transaction(async (tx) => {
    const row = await findPersonal(tx, input.personalCourseId, true);
    assertOwner(row, actor.userId);
    const courseId = input.personalCourseId;
    const holes = await tx
      .select({ number: courseHole.number, par: courseHole.par, strokeIndex: courseHole.strokeIndex })
      .from(courseHole)
      .where(eq(courseHole.courseId, courseId));
    const tees = await tx.select().from(tee).where(eq(tee.courseId, courseId)).orderBy(asc(tee.position));

    const issues: KeyedIssue[] = [];
    const newHoles = input.holes ?? holes;
    const existingTees = new Map(tees.map((t) => [t.id, t]));
    const newTees = (input.tees ?? tees.map((t) => ({ ...t, id: t.id }))).map((t, i) => {
      const before = t.id ? existingTees.get(t.id) : undefined;
      if (t.id && !before) issues.push({ path: `tees.${i}.id`, key: 'errors.courses.unknownTee' });
      const courseRating = t.courseRating ?? before?.courseRating;
      const slope = t.slope ?? before?.slope;
      if (courseRating === undefined)
        issues.push({ path: `tees.${i}.courseRating`, key: 'errors.courses.newTeeNeedsRating' });
      if (slope === undefined) issues.push({ path: `tees.${i}.slope`, key: 'errors.courses.newTeeNeedsSlope' });
      return { ...t, id: before?.id, courseRating: courseRating ?? 0, slope: slope ?? 0 };
    });
    if ((input.lat === undefined) !== (input.lng === undefined)) {
      issues.push({ path: 'lat', key: 'errors.courses.latAndLngTogether' });
    }
    if (issues.length === 0) issues.push(...courseDefinitionIssues({ holes: newHoles, tees: newTees }));
    if (issues.length > 0) throw new AppError('INVALID_INPUT', { issues });

    // Rounds and tournaments already playing keep the course as it is now; the edit is for future play.
    const before = await playedShapeOf(tx, courseId);
    const after = {
      holes: newHoles,
      tees: input.tees
        ? new Map(newTees.flatMap((t) => (t.id ? [[t.id, teeNumbersOf(t)] as const] : [])))
        : before.tees,
    };
    if (changesPlay(before, after)) await keepPlayedVersion(tx, courseId, deps.now());

    const removedTees = tees.filter((t) => !newTees.some((n) => n.id === t.id)).map((t) => t.id);
    if (await teesPlayed(tx, removedTees)) {
      throw new AppError('CONFLICT', {
        key: 'errors.courses.teeInUse',
      });
    }
    if (newHoles.length !== holes.length && (await coursePlayed(tx, courseId))) {
      throw new AppError('CONFLICT', {
        key: 'errors.courses.holeCountInUse',
      });
    }

    const name = input.name ?? row.name;
    const city = input.city === undefined ? row.city : input.city;
    const country = input.country ?? row.country;
    await tx
      .update(course)
      .set({
        name,
        city,
        country,
        searchText: courseSearchText({ name, city, country }),
        ...(input.lat !== undefined ? { lat: input.lat } : {}),
        ...(input.lng !== undefined ? { lng: input.lng } : {}),
        ...(input.shared !== undefined ? { shared: input.shared } : {}),
        updatedAt: deps.now(),
      })
      .where(eq(course.id, courseId));
    if (input.holes) {
      await tx.delete(courseHole).where(eq(courseHole.courseId, courseId));
      await tx.insert(courseHole).values(input.holes.map((h) => ({ courseId, ...h })));
    }
    if (input.tees) {
      if (removedTees.length > 0) await tx.delete(tee).where(inArray(tee.id, removedTees));
      for (const [position, t] of newTees.entries()) {
        if (t.id)
          await withRatingsHidden(() =>
            tx
              .update(tee)
              .set(teeRow(courseId, t, position))
              .where(eq(tee.id, t.id!)),
          );
        else await withRatingsHidden(() => tx.insert(tee).values(teeRow(courseId, t, position)));
      }
    }
  });
  const [saved] = await loadCoursesById(deps.db, [input.personalCourseId], actor.userId);
  return saved!;
}

/**
 * Deleting a course: rounds and tournaments already playing it keep it as a played version; one that is
 * chosen for play that has not begun yet is 409 CONFLICT (that round or tournament would lose its course).
 */
export async function deletePersonalCourse(
  deps: Deps,
  actor: Pick<Actor, 'userId'>,
  input: { personalCourseId: string },
): Promise<{ ok: true }> {
  await deps.db.transaction(async (tx) => {
    const row = await findPersonal(tx, input.personalCourseId, true);
    assertOwner(row, actor.userId);
    await keepPlayedVersion(tx, input.personalCourseId, deps.now());
    if (await coursePlayed(tx, input.personalCourseId)) {
      throw new AppError('CONFLICT', {
        key: 'errors.courses.courseInUse',
      });
    }
    await tx.delete(course).where(eq(course.id, input.personalCourseId));
  });
  return { ok: true };
}
