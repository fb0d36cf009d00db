import { and, asc, eq, like, or, sql, type SQL } from 'drizzle-orm';
import { COURSE_SEARCH_DEFAULT_LIMIT, type Course, type SearchOfficialAnswer } from '../../shared/schemas/courses';
import { course } from '../db/schema';
import type { Deps } from '../deps';
import { officialCatalog } from './official-catalog';
import { loadCoursesById, visibleTo } from './courses';
import { likePatterns, matchScore, parseQuery, type Query } from './fuzzy';
import type { Actor } from '../actor';

/** "Near me" finds clubs within this distance, nearest first (docs/courses-and-rounds.md). */
export const NEARBY_RADIUS_KM = 100;
/** How many rows the database preselects for the name score computed in code (personal courses). */
const NAME_CANDIDATES = 200;

/**
 * courses.searchOfficial: by name (accent- and case-insensitive, prefixes and typos), by location
 * (nearest first within NEARBY_RADIUS_KM), or both (name hits, best match first, each with its distance).
 * Without either, clubs in alphabetical order. Courses are grouped under their club.
 */
export async function searchOfficial(
  deps: Pick<Deps, 'db' | 'now'>,
  _actor: Pick<Actor, 'userId'>,
  input: {
    q?: string | undefined;
    lat?: number | undefined;
    lng?: number | undefined;
    limit?: number | undefined;
  },
): Promise<SearchOfficialAnswer> {
  const limit = input.limit ?? COURSE_SEARCH_DEFAULT_LIMIT;
  const from = input.lat !== undefined && input.lng !== undefined ? { lat: input.lat, lng: input.lng } : null;
  const query = input.q ? parseQuery(input.q) : null;
  const catalog = await officialCatalog(deps.db, deps.now());

  const hits = query
    ? catalog.search(query, from, limit)
    : from
      ? catalog.near(from, NEARBY_RADIUS_KM, limit)
      : catalog.alphabetical(limit);

  return {
    clubs: hits.map(({ club: hit, distanceKm }) => ({
      slug: hit.slug,
      name: hit.name,
      city: hit.city,
      ...(distanceKm !== undefined ? { distanceKm: Math.round(distanceKm * 10) / 10 } : {}),
      isDemo: hit.isDemo,
      courses: [...catalog.coursesOf(hit.id)],
    })),
  };
}

/**
 * The SQL half of a personal-course name search: courses with every query word at the start of one of
 * their words (as you type), or, when there are none, with one of the query's trigrams (typos), best first
 * by how many they contain. The code half (matchScore) decides what is a hit and ranks.
 */
function prefixCondition(column: typeof course.searchText, query: Query): SQL {
  return and(...query.required.map((w) => or(like(column, `${w}%`), like(column, `% ${w}%`))))!;
}

function trigramCandidates(column: typeof course.searchText, query: Query): { where: SQL; rank: SQL<number> } {
  const patterns = likePatterns(query);
  return {
    where: or(...patterns.map((p) => like(column, p)))!,
    rank: sql<number>`(${sql.join(
      patterns.map((p) => sql`(case when ${column} like ${p} then 1 else 0 end)`),
      sql` + `,
    )})`,
  };
}

/**
 * personalCourses.internationalSearch: shared personal courses of every user, worldwide (and the
 * caller's own, shared or not), by name, city and country (code or name, accent-insensitive), optionally
 * in one country.
 */
export async function internationalSearch(
  deps: Deps,
  actor: Pick<Actor, 'userId'>,
  input: { q?: string | undefined; country?: string | undefined; limit?: number | undefined },
): Promise<{ courses: Course[] }> {
  const limit = input.limit ?? COURSE_SEARCH_DEFAULT_LIMIT * 2;
  const query = input.q ? parseQuery(input.q) : null;
  const scope = and(
    eq(course.kind, 'personal'),
    visibleTo(actor.userId),
    input.country ? eq(course.country, input.country) : undefined,
  );
  let ids: string[];
  if (query) {
    const columns = { id: course.id, name: course.name, searchText: course.searchText };
    let rows = await deps.db
      .select(columns)
      .from(course)
      .where(and(scope, prefixCondition(course.searchText, query)))
      .orderBy(asc(course.name))
      .limit(NAME_CANDIDATES);
    if (rows.length === 0) {
      const { where, rank } = trigramCandidates(course.searchText, query);
      rows = await deps.db
        .select(columns)
        .from(course)
        .where(and(scope, where))
        .orderBy(sql`${rank} desc`, asc(course.name))
        .limit(NAME_CANDIDATES);
    }
    ids = rows
      .map((row) => ({ row, score: matchScore(query, row.searchText) }))
      .filter((c) => c.score > 0)
      .sort((a, b) => b.score - a.score || a.row.name.localeCompare(b.row.name, 'nb'))
      .slice(0, limit)
      .map((c) => c.row.id);
  } else {
    const rows = await deps.db
      .select({ id: course.id })
      .from(course)
      .where(scope)
      .orderBy(asc(course.name))
      .limit(limit);
    ids = rows.map((r) => r.id);
  }
  return { courses: await loadCoursesById(deps.db, ids, actor.userId) };
}
