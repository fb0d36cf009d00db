import { and, asc, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Course, Tee } from '../../shared/schemas/courses';
import type { Queryable } from '../db/client';
import { club, course, courseHole, tee } from '../db/schema';
import type { Deps } from '../deps';
import { AppError } from '../errors';
import type { Actor } from '../actor';

/**
 * Reading courses in the form clients see, in one query: the holes and the tees come along as JSON
 * arrays. The tee columns are named one by one: course rating and slope are not selected here at all, so
 * no answer built from these rows can carry them. The only reader of rating and slope is
 * server/courses/ratings.ts, used by the rounds domain to compute handicaps.
 */
type HoleTuple = [number: number, par: number, strokeIndex: number];
type TeeTuple = [
  id: string,
  name: string,
  color: string | null,
  gender: Tee['gender'],
  par: number,
  lengths: number[] | null,
];

/** A tee as clients see it, from the tuple the query reads (its fields in that order). */
export function toTee(...[id, name, color, gender, par, lengths]: TeeTuple): Tee {
  return {
    id,
    name,
    color,
    gender,
    par,
    lengthMeters: lengths && lengths.length > 0 ? lengths.reduce((a, b) => a + b, 0) : null,
  };
}

/**
 * Which courses a user may see: every official one, their own personal ones, and shared personal ones;
 * never a played version (versions.ts), which only its rounds and tournaments name.
 */
export function visibleTo(userId: string): SQL {
  return and(
    isNull(course.retiredAt),
    or(eq(course.kind, 'official'), eq(course.ownerUserId, userId), eq(course.shared, true)),
  )!;
}

/**
 * Courses in the client form: by id, or the official courses of some clubs (by name). `viewerId`
 * decides `isMine` on personal courses.
 */
export async function loadCourses(
  db: Queryable,
  which: { ids: readonly string[] } | { clubIds: readonly string[] },
  viewerId: string,
): Promise<{ course: Course; clubId: string | null }[]> {
  const where =
    'ids' in which
      ? which.ids.length === 0
        ? undefined
        : inArray(course.id, [...which.ids])
      : which.clubIds.length === 0
        ? undefined
        : and(inArray(course.clubId, [...which.clubIds]), eq(course.kind, 'official'), isNull(course.retiredAt));
  if (!where) return [];
  const rows = await db
    .select({
      id: course.id,
      kind: course.kind,
      name: course.name,
      country: course.country,
      city: course.city,
      shared: course.shared,
      ownerUserId: course.ownerUserId,
      clubId: course.clubId,
      clubSlug: club.slug,
      clubName: club.name,
      holes: sql<
        HoleTuple[] | null
      >`(select json_agg(json_build_array(h.number, h.par, h.stroke_index) order by h.number)
        from ${courseHole} h where h.course_id = ${course.id})`,
      tees: sql<
        TeeTuple[] | null
      >`(select json_agg(json_build_array(t.id, t.name, t.color, t.gender, t.par, t.lengths) order by t.position, t.name)
        from ${tee} t where t.course_id = ${course.id})`,
    })
    .from(course)
    .leftJoin(club, eq(club.id, course.clubId))
    .where(where)
    .orderBy(asc(course.name));
  return rows.map((row) => ({
    clubId: row.clubId,
    course: {
      id: row.id,
      kind: row.kind,
      name: row.name,
      ...(row.clubSlug !== null && row.clubName !== null ? { club: { slug: row.clubSlug, name: row.clubName } } : {}),
      country: row.country,
      city: row.city,
      holes: (row.holes ?? []).map(([number, par, strokeIndex]) => ({ number, par, strokeIndex })),
      tees: (row.tees ?? []).map((t) => toTee(...t)),
      ...(row.kind === 'personal' ? { shared: row.shared, isMine: row.ownerUserId === viewerId } : {}),
    },
  }));
}

/** Courses by id, in the order of `ids`. */
export async function loadCoursesById(db: Queryable, ids: readonly string[], viewerId: string): Promise<Course[]> {
  const byId = new Map((await loadCourses(db, { ids }, viewerId)).map((c) => [c.course.id, c.course]));
  return ids.map((id) => byId.get(id)).filter((c): c is Course => c !== undefined);
}

/** One course the user may see (official, their own, or shared), or 404 NOT_FOUND: the same answer for both. */
export async function requireCourse(
  deps: Deps,
  actor: Pick<Actor, 'userId'>,
  input: { courseId: string },
): Promise<Course> {
  const [row] = await deps.db
    .select({ id: course.id })
    .from(course)
    .where(and(eq(course.id, input.courseId), visibleTo(actor.userId)))
    .limit(1);
  if (!row) throw new AppError('NOT_FOUND');
  const [found] = await loadCoursesById(deps.db, [row.id], actor.userId);
  return found!;
}

/**
 * Whether a course exists and the user may see it (rounds and tournaments are played on visible courses
 * only), its row share-locked until the caller's transaction ends: a personal course its owner is deleting or
 * editing (which holds the row's update lock) is either still as checked when the round or tournament is
 * written, or already gone (404), never gone in between (a 500 from the foreign key).
 */
export async function lockVisibleCourse(tx: Queryable, courseId: string, userId: string): Promise<boolean> {
  const [row] = await tx
    .select({ one: sql<number>`1` })
    .from(course)
    .where(and(eq(course.id, courseId), visibleTo(userId)))
    .limit(1)
    .for('share');
  return row !== undefined;
}
