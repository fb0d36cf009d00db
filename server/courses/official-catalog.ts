import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Course } from '../../shared/schemas/courses';
import type { Database } from '../db/client';
import { club, course } from '../db/schema';
import { loadCourses } from './courses';
import { combineScores, paddedTrigrams, wordScore, type Query } from './fuzzy';
import { distanceKm } from './geo';

/**
 * The official clubs and their courses in the client form (no rating, no slope), held in memory for the
 * search: 2,000 clubs with 4,000 courses are a few megabytes, and a search here takes well under a
 * millisecond where the fuzzy search and the course reads in SQL took 5–25 ms on PGlite
 * (docs/decisions/0401-course-search.md). Official courses change only through the import: the import
 * drops this process's copy (the next search reads them again), and every process checks a version of the
 * official courses in the background once its copy is older than OFFICIAL_CATALOG_TTL_SECONDS, answering
 * from the copy meanwhile, so another server instance (or one fed by the import script) sees an import
 * within a minute.
 */
export const OFFICIAL_CATALOG_TTL_SECONDS = 60;

export interface IndexedClub {
  id: string;
  slug: string;
  name: string;
  city: string | null;
  isDemo: boolean;
  lat: number | null;
  lng: number | null;
}

export interface ClubHitScore {
  club: IndexedClub;
  score: number;
  distanceKm: number | undefined;
}

export class OfficialCatalog {
  /** Every distinct word of every club's search text, sorted: prefixes are a binary search away. */
  private readonly words: string[];
  private readonly clubsByWord = new Map<string, number[]>();
  private readonly wordsByTrigram = new Map<string, string[]>();

  constructor(
    readonly clubs: readonly (IndexedClub & { searchName: string })[],
    private readonly coursesByClub: ReadonlyMap<string, readonly Course[]>,
  ) {
    clubs.forEach((c, i) => {
      for (const word of new Set(c.searchName.split(' '))) {
        if (word === '') continue;
        const list = this.clubsByWord.get(word);
        if (list) list.push(i);
        else this.clubsByWord.set(word, [i]);
      }
    });
    this.words = [...this.clubsByWord.keys()].sort();
    for (const word of this.words) {
      for (const gram of paddedTrigrams(word)) {
        const list = this.wordsByTrigram.get(gram);
        if (list) list.push(word);
        else this.wordsByTrigram.set(gram, [word]);
      }
    }
  }

  /** Words that may match `q`: those starting with it, and (from 3 letters) those sharing a trigram. */
  private candidateWords(q: string): Set<string> {
    const found = new Set<string>();
    let lo = 0;
    let hi = this.words.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.words[mid]! < q) lo = mid + 1;
      else hi = mid;
    }
    for (let i = lo; i < this.words.length && this.words[i]!.startsWith(q); i += 1) found.add(this.words[i]!);
    if (q.length >= 3) {
      for (const gram of paddedTrigrams(q)) for (const word of this.wordsByTrigram.get(gram) ?? []) found.add(word);
    }
    return found;
  }

  /** Clubs matching the query, best first (then nearest, then by name). */
  search(query: Query, from: { lat: number; lng: number } | null, limit: number): ClubHitScore[] {
    const queryWords = [...query.required, ...query.optional];
    const best = new Map<number, number[]>();
    queryWords.forEach((q, qi) => {
      for (const word of this.candidateWords(q)) {
        const score = wordScore(q, word);
        if (score === 0) continue;
        for (const ci of this.clubsByWord.get(word)!) {
          let scores = best.get(ci);
          if (!scores) {
            scores = new Array<number>(queryWords.length).fill(0);
            best.set(ci, scores);
          }
          if (score > scores[qi]!) scores[qi] = score;
        }
      }
    });
    const hits: ClubHitScore[] = [];
    for (const [ci, scores] of best) {
      const score = combineScores(query, scores);
      if (score === 0) continue;
      const c = this.clubs[ci]!;
      hits.push({ club: c, score, distanceKm: from ? distanceOf(c, from) : undefined });
    }
    return hits
      .sort(
        (a, b) =>
          b.score - a.score ||
          (a.distanceKm ?? Infinity) - (b.distanceKm ?? Infinity) ||
          a.club.name.localeCompare(b.club.name, 'nb'),
      )
      .slice(0, limit);
  }

  /** Clubs within `radiusKm`, nearest first. */
  near(from: { lat: number; lng: number }, radiusKm: number, limit: number): ClubHitScore[] {
    const hits: ClubHitScore[] = [];
    for (const c of this.clubs) {
      const d = distanceOf(c, from);
      if (d !== undefined && d <= radiusKm) hits.push({ club: c, score: 0, distanceKm: d });
    }
    return hits.sort((a, b) => a.distanceKm! - b.distanceKm!).slice(0, limit);
  }

  /** A club's official courses, by name. */
  coursesOf(clubId: string): readonly Course[] {
    return this.coursesByClub.get(clubId) ?? [];
  }

  /** Clubs by name, A to Å. */
  alphabetical(limit: number): ClubHitScore[] {
    return this.clubs.slice(0, limit).map((c) => ({ club: c, score: 0, distanceKm: undefined }));
  }
}

function distanceOf(c: IndexedClub, from: { lat: number; lng: number }): number | undefined {
  return c.lat === null || c.lng === null ? undefined : distanceKm(from, { lat: c.lat, lng: c.lng });
}

/**
 * What changes when an import changes anything: it touches updated_at of every course in the file, new
 * courses are inserted, gone ones deleted. Cheap next to reading the catalog itself.
 */
async function catalogVersion(db: Database): Promise<string> {
  const [row] = await db
    .select({ count: sql<number>`count(*)`, latest: sql<string | null>`max(${course.updatedAt})::text` })
    .from(course)
    .where(and(eq(course.kind, 'official'), isNull(course.retiredAt)));
  return `${row?.count ?? 0}|${row?.latest ?? ''}`;
}

async function loadCatalog(db: Database): Promise<{ catalog: OfficialCatalog; version: string }> {
  // The version first: a change made while the rows are read shows as a newer version next time.
  const version = await catalogVersion(db);
  const clubs = await db
    .select({
      id: club.id,
      slug: club.slug,
      name: club.name,
      city: club.city,
      isDemo: club.isDemo,
      lat: club.lat,
      lng: club.lng,
      searchName: club.searchName,
    })
    .from(club);
  clubs.sort((a, b) => a.name.localeCompare(b.name, 'nb'));
  const coursesByClub = new Map<string, Course[]>();
  // The viewer only decides `isMine` on personal courses: official ones are the same for everybody.
  for (const { course: c, clubId } of await loadCourses(db, { clubIds: clubs.map((c) => c.id) }, '')) {
    const list = coursesByClub.get(clubId!);
    if (list) list.push(c);
    else coursesByClub.set(clubId!, [c]);
  }
  return { catalog: new OfficialCatalog(clubs, coursesByClub), version };
}

interface Loaded {
  current: Promise<{ catalog: OfficialCatalog; version: string }>;
  checkedAt: number;
  checking: boolean;
}

const loaded = new WeakMap<Database, Loaded>();

function load(db: Database, now: Date): Loaded {
  const entry: Loaded = { current: loadCatalog(db), checkedAt: now.getTime(), checking: false };
  loaded.set(db, entry);
  // A failed first load is not kept: the next search tries again.
  entry.current.catch(() => {
    if (loaded.get(db) === entry) loaded.delete(db);
  });
  return entry;
}

/**
 * Past OFFICIAL_CATALOG_TTL_SECONDS, one search starts a check in the background (one small query); only
 * when the version differs is the catalog read again. Searches meanwhile answer from the copy at hand.
 */
function checkInBackground(db: Database, entry: Loaded, now: Date): void {
  entry.checking = true;
  void (async () => {
    try {
      const { version } = await entry.current;
      if ((await catalogVersion(db)) !== version) {
        const fresh = await loadCatalog(db);
        entry.current = Promise.resolve(fresh);
      }
      entry.checkedAt = now.getTime();
    } catch {
      // Keep answering from the copy we have; the next search past the TTL tries again.
    } finally {
      entry.checking = false;
    }
  })();
}

export async function officialCatalog(db: Database, now: Date): Promise<OfficialCatalog> {
  const entry = loaded.get(db) ?? load(db, now);
  if (now.getTime() - entry.checkedAt >= OFFICIAL_CATALOG_TTL_SECONDS * 1000 && !entry.checking)
    checkInBackground(db, entry, now);
  return (await entry.current).catalog;
}

/** The import changed the official courses: this process's next search reads them again. */
export function invalidateOfficialCatalog(db: Database): void {
  loaded.delete(db);
}
