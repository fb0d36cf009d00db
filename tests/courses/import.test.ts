import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { eq, isNotNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ImportFileError, importClubs, parseImportFile } from '../../server/courses/import';
import { OFFICIAL_CATALOG_TTL_SECONDS } from '../../server/courses/official-catalog';
import { DEMO_COURSES_FILE, seedDemoCoursesIfEmpty } from '../../server/courses/seed';
import { club, course, courseHole, tee, tournament, tournamentDivision } from '../../server/db/schema';
import { seedDemoTournamentIfNone } from '../../server/tournaments/demo';
import { callerAs } from '../helpers/caller';
import { createTestDeps, type TestDeps } from '../helpers/deps';
import { createUser } from '../helpers/factories';

const run = promisify(execFile);
const demoFile = () => JSON.parse(readFileSync(DEMO_COURSES_FILE, 'utf8'));
const counts = async (deps: TestDeps) => {
  const [row] = await deps.db
    .select({
      clubs: sql<number>`(select count(*)::int from ${club})`,
      courses: sql<number>`(select count(*)::int from ${course})`,
      holes: sql<number>`(select count(*)::int from ${courseHole})`,
      tees: sql<number>`(select count(*)::int from ${tee})`,
    })
    .from(sql`(select 1) as one`);
  return row!;
};

describe('demo data and the course import', () => {
  let deps: TestDeps;
  let caller: Awaited<ReturnType<typeof callerAs>>['caller'];

  beforeAll(async () => {
    deps = await createTestDeps();
    caller = (await callerAs(deps, await createUser(deps.db))).caller;
  });

  it('seeds the demo clubs once, marked as demo data, with realistic courses', async () => {
    const summary = await seedDemoCoursesIfEmpty(deps);
    expect(summary).toMatchObject({ clubs: 7, coursesCreated: 8 });
    expect(await seedDemoCoursesIfEmpty(deps)).toBeNull();
    const after = await counts(deps);
    expect(after.clubs).toBe(7);
    const clubs = (await caller.courses.searchOfficial({ limit: 50 })).clubs;
    expect(clubs.every((c) => c.isDemo)).toBe(true);
    for (const c of clubs.flatMap((cl) => cl.courses)) {
      const n = c.holes.length;
      expect([9, 18]).toContain(n);
      expect(c.holes.map((h) => h.strokeIndex).sort((a, b) => a - b)).toEqual(
        Array.from({ length: n }, (_, i) => i + 1),
      );
      expect(c.holes.every((h) => h.par >= 3 && h.par <= 5)).toBe(true);
      expect(c.tees.length).toBeGreaterThan(0);
      expect(c.tees.every((t) => t.lengthMeters !== null && t.lengthMeters > 1000)).toBe(true);
    }
  });

  it('imports the same file again without duplicates, keeping every id', async () => {
    const before = await counts(deps);
    const ids = (await caller.courses.searchOfficial({ limit: 50 })).clubs.flatMap((c) =>
      c.courses.flatMap((co) => [co.id, ...co.tees.map((t) => t.id)]),
    );
    const summary = await importClubs(deps.db, parseImportFile(demoFile()));
    expect(summary).toMatchObject({ clubs: 7, coursesCreated: 0, coursesUpdated: 8, coursesRemoved: 0 });
    expect(await counts(deps)).toEqual(before);
    const again = (await caller.courses.searchOfficial({ limit: 50 })).clubs.flatMap((c) =>
      c.courses.flatMap((co) => [co.id, ...co.tees.map((t) => t.id)]),
    );
    expect(again.sort()).toEqual(ids.sort());
  });

  it('applies a corrected file in place; a course gone from the file is kept while a round was played on it', async () => {
    const file = demoFile();
    const oslo = file.clubs.find((c: { slug: string }) => c.slug === 'oslo-gk');
    oslo.name = 'Oslo Golfklubb (rettet)';
    oslo.courses[0].holes[0].par = 5;
    oslo.courses[0].tees = oslo.courses[0].tees.filter((t: { name: string }) => t.name !== 'Blå');
    const losby = file.clubs.find((c: { slug: string }) => c.slug === 'losby-gk');
    const [big] = (await caller.courses.searchOfficial({ q: 'losby' })).clubs[0]!.courses;
    await caller.rounds.create({
      courseId: big!.id,
      teeId: big!.tees[0]!.id,
      playedOn: '2026-05-01',
      format: 'stroke',
      holes: '18',
    });
    losby.courses = [losby.courses[1]]; // only the nine-hole course is left in the file

    const summary = await importClubs(deps.db, parseImportFile(file));
    expect(summary).toMatchObject({ coursesCreated: 0, coursesUpdated: 7, coursesRemoved: 0, coursesKept: 1 });
    const [corrected] = (await caller.courses.searchOfficial({ q: 'bogstad' })).clubs;
    expect(corrected!.name).toBe('Oslo Golfklubb (rettet)');
    expect(corrected!.courses[0]!.holes[0]!.par).toBe(5);
    expect(corrected!.courses[0]!.tees.map((t) => t.name)).not.toContain('Blå');
    expect((await caller.courses.searchOfficial({ q: 'losby' })).clubs[0]!.courses.map((c) => c.name)).toEqual([
      'Losby 18 hull',
      'Østmarka 9 hull',
    ]);
  });

  it('names the problems of an invalid file, field by field, then across the file', async () => {
    const problems = (file: unknown) => {
      try {
        parseImportFile(file);
        return [];
      } catch (e) {
        expect(e).toBeInstanceOf(ImportFileError);
        return (e as ImportFileError).issues.map((i) => i.path);
      }
    };
    const file = demoFile();
    file.clubs[1].courses[0].tees[0].slope = 160;
    file.clubs[4].courses[0].holes[0].par = 8;
    expect(problems(file)).toEqual(['clubs.1.courses.0.tees.0.slope', 'clubs.4.courses.0.holes.0.par']);
    // Once every field is valid, the rules across fields: a stroke index twice, a slug twice.
    const fields = demoFile();
    fields.clubs[0].courses[0].holes[0].strokeIndex = fields.clubs[0].courses[0].holes[1].strokeIndex;
    fields.clubs[2].slug = fields.clubs[3].slug;
    expect(problems(fields)).toEqual(['clubs.0.courses.0.holes', 'clubs.3.slug']);
    expect(problems({ clubs: [] })).toEqual(['format']);
  });

  it('a running server sees an import made by another process within the refresh interval', async () => {
    expect((await caller.courses.searchOfficial({ q: 'bogstad' })).clubs[0]!.name).toBe('Oslo Golfklubb (rettet)');
    // As the import script in another process would: the rows change, this process is not told.
    await deps.db.transaction(async (tx) => {
      const [oslo] = await tx
        .update(club)
        .set({ name: 'Oslo Golfklubb' })
        .where(eq(club.slug, 'oslo-gk'))
        .returning({ id: club.id });
      await tx.update(course).set({ updatedAt: sql`now()` }).where(eq(course.clubId, oslo!.id));
    });
    expect((await caller.courses.searchOfficial({ q: 'bogstad' })).clubs[0]!.name).toBe('Oslo Golfklubb (rettet)');
    deps.clock.advance(OFFICIAL_CATALOG_TTL_SECONDS + 1);
    await caller.courses.searchOfficial({ q: 'bogstad' }); // starts the check in the background
    let name = '';
    for (let i = 0; i < 50 && name !== 'Oslo Golfklubb'; i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      name = (await caller.courses.searchOfficial({ q: 'bogstad' })).clubs[0]!.name;
    }
    expect(name).toBe('Oslo Golfklubb');
  });

  it('a file that drops the tees or the course of a tournament in play leaves the tournament them as played', async () => {
    expect(await seedDemoTournamentIfNone(deps)).not.toBeNull();
    const [bogstad] = (await caller.courses.searchOfficial({ q: 'bogstad' })).clubs[0]!.courses;
    const [demo] = await deps.db.select().from(tournament);
    const divisionTees = async () =>
      (
        await deps.db
          .select({ name: tee.name, gender: tee.gender, courseId: tee.courseId })
          .from(tournamentDivision)
          .innerJoin(tee, eq(tee.id, tournamentDivision.teeId))
          .where(eq(tournamentDivision.tournamentId, demo!.id))
      ).map((t) => `${t.name} ${t.gender}`);
    const before = await divisionTees();
    const holesBefore = await deps.db
      .select({ number: courseHole.number, par: courseHole.par })
      .from(courseHole)
      .where(eq(courseHole.courseId, demo!.courseId));

    // First the tees of the tournament's divisions go from the file: future play loses them, the
    // tournament (in play) keeps its course as played, in a version nobody else finds.
    const withoutTees = demoFile();
    const oslo = withoutTees.clubs.find((c: { slug: string }) => c.slug === 'oslo-gk');
    oslo.courses[0].tees = oslo.courses[0].tees.filter((t: { name: string }) => t.name !== 'Gul' && t.name !== 'Rød');
    await importClubs(deps.db, parseImportFile(withoutTees));
    const teesLeft = (await caller.courses.searchOfficial({ q: 'bogstad' })).clubs[0]!.courses[0]!.tees;
    expect(teesLeft.map((t) => t.name)).not.toContain('Gul');
    expect(await divisionTees()).toEqual(before);
    const [moved] = await deps.db.select({ courseId: tournament.courseId }).from(tournament);
    expect(moved!.courseId).not.toBe(bogstad!.id);
    const [version] = await deps.db.select().from(course).where(eq(course.id, moved!.courseId));
    expect(version).toMatchObject({ name: 'Bogstad', kind: 'official', retiredAt: expect.any(Date) });
    expect(
      await deps.db
        .select({ number: courseHole.number, par: courseHole.par })
        .from(courseHole)
        .where(eq(courseHole.courseId, moved!.courseId)),
    ).toEqual(expect.arrayContaining(holesBefore));
    // The same file again changes nothing more: no second version.
    const versions = async () =>
      (await deps.db.select({ id: course.id }).from(course).where(isNotNull(course.retiredAt))).length;
    const versionCount = await versions();
    await importClubs(deps.db, parseImportFile(withoutTees));
    expect(await versions()).toBe(versionCount);

    // Then the whole course goes: nothing not begun is played on it, so it is removed; the tournament stays.
    const withoutCourse = demoFile();
    withoutCourse.clubs.find((c: { slug: string }) => c.slug === 'oslo-gk').courses[0].name = 'Bogstad (ny)';
    const summary = await importClubs(deps.db, parseImportFile(withoutCourse));
    expect(summary).toMatchObject({ coursesCreated: 1, coursesRemoved: 1, coursesKept: 0 });
    const [still] = await deps.db.select({ courseId: tournament.courseId }).from(tournament);
    expect(still!.courseId).toBe(moved!.courseId);
    expect(await divisionTees()).toEqual(before);
    const names = (await caller.courses.searchOfficial({ q: 'bogstad' })).clubs[0]!.courses.map((c) => c.name);
    expect(names).toEqual(['Bogstad (ny)']);
  });
});

describe('npm run import:courses', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'golf-import-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('imports a file into the embedded database, idempotently, and refuses a bad file with its problems', {
    timeout: 120_000,
  }, async () => {
    const env = { ...process.env, DATA_DIR: dir, NODE_ENV: 'development', DATABASE_URL: '' };
    const first = await run('npx', ['tsx', 'server/scripts/import-courses.ts', DEMO_COURSES_FILE], { env });
    expect(first.stdout).toMatch(/Imported 7 clubs: 8 courses created, 0 updated/);
    expect(first.stdout).toMatch(/demo data/);
    const second = await run('npx', ['tsx', 'server/scripts/import-courses.ts', DEMO_COURSES_FILE], { env });
    expect(second.stdout).toMatch(/Imported 7 clubs: 0 courses created, 8 updated/);

    const bad = path.join(dir, 'bad.json');
    writeFileSync(
      bad,
      JSON.stringify({ format: 'golf-courses/1', clubs: [{ slug: 'Not A Slug', name: 'X', courses: [] }] }),
    );
    const failed = await run('npx', ['tsx', 'server/scripts/import-courses.ts', bad], { env }).then(
      () => null,
      (e: { code: number; stderr: string }) => e,
    );
    expect(failed?.code).toBe(1);
    expect(failed?.stderr).toMatch(/clubs\.0\.slug/);
  });
});
