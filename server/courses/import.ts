import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  COURSE_RATING_RANGE,
  SLOPE_MAX,
  SLOPE_MIN,
  countryField,
  courseDefinitionIssues,
  courseNameField,
  holeInput,
  teeInput,
} from '../../shared/schemas/courses';
import type { FieldIssue } from '../../shared/errors';
import { zodIssues } from '../trpc/errors';
import { userText } from '../../shared/schemas/text';
import type { Database, Queryable } from '../db/client';
import { club, course, courseHole, round, tee, tournament, tournamentDivision } from '../db/schema';
import { invalidateOfficialCatalog } from './official-catalog';
import { teeNumbersOf, teeRow, withRatingsHidden } from './ratings';
import { clubSearchText, courseSearchText } from './search-text';
import { changesPlay, coursesWithBegunPlay, keepPlayedVersion, playedShapeOf } from './versions';

/**
 * The official-course import format (docs/courses-and-rounds.md, "Importing official courses"). One file
 * holds clubs, each with its courses, holes and tees. Clubs are matched by slug, courses by name within
 * their club, tees by name and gender within their course: importing the same file twice changes nothing,
 * and a corrected file updates in place for future play, while rounds and tournaments already playing a
 * changed course keep it as they began it (a played version, versions.ts).
 */
const nineRating = z.strictObject({
  courseRating: z.number().min(COURSE_RATING_RANGE[9].min).max(COURSE_RATING_RANGE[9].max),
  slope: z.number().int().min(SLOPE_MIN).max(SLOPE_MAX),
});

const importTee = teeInput.extend({ front9: nineRating.optional(), back9: nineRating.optional() });

const importCourse = z.strictObject({
  name: courseNameField,
  holes: z.array(holeInput).min(1).max(18),
  tees: z.array(importTee).min(1).max(12),
});

const importClub = z.strictObject({
  slug: z
    .string()
    .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, { message: 'A slug is lower-case letters, digits and single hyphens.' })
    .max(80),
  name: userText().trim().min(1).max(120),
  city: userText().trim().max(120).nullish(),
  country: countryField.default('NO'),
  lat: z.number().min(-90).max(90).nullish(),
  lng: z.number().min(-180).max(180).nullish(),
  /** Other names the club is known and searched by (its course's place name, "Oslo GK"). */
  aliases: z.array(userText().trim().min(1).max(80)).max(10).default([]),
  courses: z.array(importCourse).min(1).max(10),
});

export const importFileSchema = z
  .strictObject({
    format: z.literal('golf-courses/1'),
    /** Demo data is marked in the database (club.is_demo) and in every search answer (isDemo). */
    demo: z.boolean().default(false),
    note: z.string().optional(),
    source: z.string().optional(),
    clubs: z.array(importClub).max(10_000),
  })
  .superRefine((file, ctx) => {
    const slugs = new Set<string>();
    file.clubs.forEach((c, ci) => {
      if (slugs.has(c.slug))
        ctx.addIssue({ code: 'custom', message: `Duplicate slug ${c.slug}`, path: ['clubs', ci, 'slug'] });
      slugs.add(c.slug);
      c.courses.forEach((co, i) => {
        for (const issue of courseDefinitionIssues(co)) {
          ctx.addIssue({
            code: 'custom',
            message: issue.key,
            params: issue.params,
            path: ['clubs', ci, 'courses', i, ...issue.path.split('.')],
          });
        }
        const teeKeys = new Set(co.tees.map(teeKey));
        if (teeKeys.size !== co.tees.length) {
          ctx.addIssue({
            code: 'custom',
            message: 'Two tees share a name and gender',
            path: ['clubs', ci, 'courses', i, 'tees'],
          });
        }
      });
      if (new Set(c.courses.map((co) => co.name)).size !== c.courses.length) {
        ctx.addIssue({ code: 'custom', message: 'Two courses share a name', path: ['clubs', ci, 'courses'] });
      }
    });
  });

export type ImportFile = z.infer<typeof importFileSchema>;
type ImportCourse = ImportFile['clubs'][number]['courses'][number];

export class ImportFileError extends Error {
  constructor(readonly issues: FieldIssue[]) {
    super(`Invalid course file:\n${issues.map((i) => `  - ${i.path}: ${i.message}`).join('\n')}`);
    this.name = 'ImportFileError';
  }
}

export function parseImportFile(data: unknown): ImportFile {
  const parsed = importFileSchema.safeParse(data);
  if (!parsed.success) {
    // The shared course rules say their issues as keys of the errors catalogue; worded here in Norwegian.
    throw new ImportFileError(zodIssues(parsed.error).slice(0, 50));
  }
  return parsed.data;
}

function teeKey(t: { name: string; gender?: string | null | undefined }): string {
  return `${t.name}|${t.gender ?? ''}`;
}

export interface ImportSummary {
  clubs: number;
  coursesCreated: number;
  coursesUpdated: number;
  /** Courses and tees gone from the file but still played in a round are kept, not deleted. */
  coursesRemoved: number;
  coursesKept: number;
}

/** Rows per INSERT: well under PostgreSQL's 65,535 parameters for the widest row (tees, 13 columns). */
const CHUNK_ROWS = 1000;

function chunks<T>(items: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += CHUNK_ROWS) out.push(items.slice(i, i + CHUNK_ROWS));
  return out;
}

/**
 * Upserts every club of the file in one transaction (all or nothing), in batches: a fresh import of
 * 2,000 clubs is a few dozen statements, not tens of thousands.
 */
export async function importClubs(db: Database, file: ImportFile): Promise<ImportSummary> {
  const summary: ImportSummary = {
    clubs: file.clubs.length,
    coursesCreated: 0,
    coursesUpdated: 0,
    coursesRemoved: 0,
    coursesKept: 0,
  };
  if (file.clubs.length > 0) await db.transaction((tx) => importAll(tx, file, summary));
  invalidateOfficialCatalog(db);
  return summary;
}

async function importAll(tx: Queryable, file: ImportFile, summary: ImportSummary): Promise<void> {
  // 1. Clubs, by slug.
  const clubIds = new Map<string, string>();
  for (const part of chunks(file.clubs)) {
    const values = part.map((entry) => ({
      slug: entry.slug,
      name: entry.name,
      searchName: clubSearchText({
        name: entry.name,
        city: entry.city,
        aliases: entry.aliases,
        courseNames: entry.courses.map((c) => c.name),
      }),
      city: entry.city ?? null,
      country: entry.country,
      lat: entry.lat ?? null,
      lng: entry.lng ?? null,
      isDemo: file.demo,
    }));
    const saved = await tx
      .insert(club)
      .values(values)
      .onConflictDoUpdate({
        target: club.slug,
        set: {
          name: sql`excluded.name`,
          searchName: sql`excluded.search_name`,
          city: sql`excluded.city`,
          country: sql`excluded.country`,
          lat: sql`excluded.lat`,
          lng: sql`excluded.lng`,
          isDemo: sql`excluded.is_demo`,
        },
      })
      .returning({ id: club.id, slug: club.slug });
    for (const row of saved) clubIds.set(row.slug, row.id);
  }

  // 2. Courses, by name within their club.
  const allClubIds = [...clubIds.values()];
  const existing: { id: string; clubId: string | null; name: string }[] = [];
  for (const part of chunks(allClubIds)) {
    existing.push(
      ...(await tx
        .select({ id: course.id, clubId: course.clubId, name: course.name })
        .from(course)
        .where(and(inArray(course.clubId, part), isNull(course.retiredAt)))),
    );
  }
  const existingByKey = new Map(existing.map((c) => [`${c.clubId}|${c.name}`, c.id]));
  const courseIds = new Map<ImportCourse, string>();
  const toInsert: { entry: ImportCourse; values: typeof course.$inferInsert }[] = [];
  for (const entry of file.clubs) {
    const clubId = clubIds.get(entry.slug)!;
    for (const entryCourse of entry.courses) {
      const values = {
        kind: 'official' as const,
        clubId,
        name: entryCourse.name,
        searchText: courseSearchText({
          name: entryCourse.name,
          clubName: entry.name,
          city: entry.city,
          country: entry.country,
        }),
        country: entry.country,
        city: entry.city ?? null,
        lat: entry.lat ?? null,
        lng: entry.lng ?? null,
        shared: false,
      };
      const id = existingByKey.get(`${clubId}|${entryCourse.name}`);
      if (id) {
        await tx
          .update(course)
          .set({ ...values, updatedAt: sql`now()` })
          .where(eq(course.id, id));
        courseIds.set(entryCourse, id);
        summary.coursesUpdated += 1;
      } else {
        toInsert.push({ entry: entryCourse, values });
      }
    }
  }
  for (const part of chunks(toInsert)) {
    const created = await tx
      .insert(course)
      .values(part.map((p) => p.values))
      .returning({ id: course.id });
    // RETURNING gives the rows in the order of VALUES.
    for (const [i, row] of created.entries()) courseIds.set(part[i]!.entry, row.id);
    summary.coursesCreated += created.length;
  }

  // 3. Holes: replaced whole (nothing refers to a hole row). Only updated courses have rows to replace.
  // First, a course that changes under rounds or tournaments already playing it keeps a played version
  // for them (versions.ts); its row is locked by the update above, so no play begins meanwhile.
  const existingIds = new Set(existing.map((c) => c.id));
  const updatedIds = [...courseIds.values()].filter((id) => existingIds.has(id));
  const played = await coursesWithBegunPlay(tx, updatedIds);
  for (const [entry, courseId] of courseIds) {
    if (!played.has(courseId)) continue;
    const before = await playedShapeOf(tx, courseId);
    const next = new Map(entry.tees.map((t) => [teeKey(t), teeNumbersOf(t)]));
    const tees = new Map(
      [...before.tees].flatMap(([id, t]) => {
        const kept = next.get(teeKey(t));
        return kept ? [[id, kept] as const] : [];
      }),
    );
    if (changesPlay(before, { holes: entry.holes, tees })) await keepPlayedVersion(tx, courseId, new Date());
  }
  for (const part of chunks(updatedIds)) await tx.delete(courseHole).where(inArray(courseHole.courseId, part));
  const holes = [...courseIds].flatMap(([entry, courseId]) => entry.holes.map((h) => ({ courseId, ...h })));
  for (const part of chunks(holes)) await tx.insert(courseHole).values(part);

  // 4. Tees, by name and gender within their course: updated in place, so rounds not begun keep their tee.
  const existingTees: { id: string; courseId: string; name: string; gender: string | null }[] = [];
  for (const part of chunks(updatedIds)) {
    existingTees.push(
      ...(await tx
        .select({ id: tee.id, courseId: tee.courseId, name: tee.name, gender: tee.gender })
        .from(tee)
        .where(inArray(tee.courseId, part))),
    );
  }
  const teeByKey = new Map(existingTees.map((t) => [`${t.courseId}|${teeKey(t)}`, t.id]));
  const keptTees = new Set<string>();
  const newTees: ReturnType<typeof teeRow>[] = [];
  for (const [entry, courseId] of courseIds) {
    for (const [position, t] of entry.tees.entries()) {
      const id = teeByKey.get(`${courseId}|${teeKey(t)}`);
      if (id) {
        await withRatingsHidden(() =>
          tx
            .update(tee)
            .set(teeRow(courseId, t, position))
            .where(eq(tee.id, id)),
        );
        keptTees.add(id);
      } else {
        newTees.push(teeRow(courseId, t, position));
      }
    }
  }
  for (const part of chunks(newTees)) await withRatingsHidden(() => tx.insert(tee).values(part));

  // 5. Tees and courses gone from the file: removed, unless a round or a tournament is played on them (the
  // import runs outside any organization's tenancy, so it sees every club's tournaments).
  const goneTees = existingTees.filter((t) => !keptTees.has(t.id)).map((t) => t.id);
  for (const part of chunks(goneTees)) {
    await tx
      .delete(tee)
      .where(
        and(
          inArray(tee.id, part),
          sql`not exists (select 1 from ${round} where ${round.teeId} = ${tee.id})`,
          sql`not exists (select 1 from ${tournamentDivision} where ${tournamentDivision.teeId} = ${tee.id})`,
        ),
      );
  }
  const keptCourses = new Set(courseIds.values());
  const goneCourses = existing.filter((c) => !keptCourses.has(c.id)).map((c) => c.id);
  for (const part of chunks(goneCourses)) {
    const removed = await tx
      .delete(course)
      .where(
        and(
          inArray(course.id, part),
          sql`not exists (select 1 from ${round} where ${round.courseId} = ${course.id})`,
          sql`not exists (select 1 from ${tournament} where ${tournament.courseId} = ${course.id})`,
        ),
      )
      .returning({ id: course.id });
    summary.coursesRemoved += removed.length;
    summary.coursesKept += part.length - removed.length;
  }
}
