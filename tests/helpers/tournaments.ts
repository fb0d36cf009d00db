import type { EntryView, PlayerEntryView } from '../../shared/schemas/tournaments';
import { and, asc, eq } from 'drizzle-orm';
import { seedDemoCoursesIfEmpty } from '../../server/courses/seed';
import type { Database } from '../../server/db/client';
import {
  course,
  courseHole,
  tee,
  tournament,
  tournamentDivision,
  tournamentEntry,
  tournamentEntryAccount,
  tournamentGroup,
  tournamentGroupEntry,
  tournamentRound,
  tournamentScore,
} from '../../server/db/schema';
import { courseHandicap, playingHandicap } from '../../server/golf';
import type { UserRow } from '../../server/auth/users';
import { addMember, createOrganization, createUser } from './factories';
import type { TournamentFormat, TournamentStatus, TournamentVisibility } from '../../shared/values';

/**
 * Tournament rows written directly as the database owner (bypassing the policies and the application), for
 * tests that need a tournament in a given state without walking it there through the API: the policy tests,
 * the public pages, the leaderboard. Tests of the moves themselves go through the procedures.
 */
export interface DemoCourseForTournament {
  courseId: string;
  /** Tees of the course by "name/gender", e.g. "Gul/male". */
  tees: Record<string, { id: string; par: number; courseRating: number; slope: number }>;
  holes: { number: number; par: number; strokeIndex: number }[];
}

/** An 18-hole demo course (Bogstad, Oslo GK) with its tees and holes. */
export async function demoCourseForTournament(db: Database, courseName = 'Bogstad'): Promise<DemoCourseForTournament> {
  await seedDemoCoursesIfEmpty({ db, logger: silentLogger });
  const [c] = await db
    .select({ id: course.id })
    .from(course)
    .where(and(eq(course.name, courseName), eq(course.kind, 'official')))
    .limit(1);
  const tees = await db.select().from(tee).where(eq(tee.courseId, c!.id));
  const holes = await db
    .select({ number: courseHole.number, par: courseHole.par, strokeIndex: courseHole.strokeIndex })
    .from(courseHole)
    .where(eq(courseHole.courseId, c!.id))
    .orderBy(asc(courseHole.number));
  return {
    courseId: c!.id,
    tees: Object.fromEntries(
      tees.map((t) => [
        `${t.name}/${t.gender}`,
        { id: t.id, par: t.par, courseRating: t.courseRating, slope: t.slope },
      ]),
    ),
    holes,
  };
}

const silentLogger = { info() {}, warn() {}, error() {}, debug() {}, child: () => silentLogger } as never;

export interface TournamentFixture {
  organizationId: string;
  tournamentId: string;
  slug: string;
  courseId: string;
  divisionId: string;
  holes: DemoCourseForTournament['holes'];
  admin: UserRow;
  /** The entrants that are members, in entry order, with their entry ids and frozen handicaps. */
  players: { user: UserRow; entryId: string; playingHandicap: number }[];
  /** Groups of round 1, in start order: entry ids. */
  groups: { id: string; entryIds: string[] }[];
}

/**
 * A tournament of `players` members on Bogstad (yellow men's tee), one division, in `status`, with its
 * handicaps frozen and round 1 grouped in fours from 08:00 at ten-minute intervals. Scores are not written;
 * `writeScores` adds them.
 */
export async function createTournamentFixture(
  db: Database,
  options: {
    status?: TournamentStatus;
    visibility?: TournamentVisibility;
    format?: TournamentFormat;
    players?: number;
    rounds?: number;
    name?: string;
    organizationId?: string;
  } = {},
): Promise<TournamentFixture> {
  const demo = await demoCourseForTournament(db);
  const yellow = demo.tees['Gul/male']!;
  const organizationId = options.organizationId ?? (await createOrganization(db, 'Turneringsklubben GK')).id;
  const admin = await createUser(db, { name: 'Turnerings Admin' });
  await addMember(db, organizationId, admin.id, 'admin');
  const format = options.format ?? 'stroke_net';
  const allowance = format === 'stroke_gross' ? 100 : 95;
  const name = options.name ?? `Klubbmesterskap ${Math.random().toString(36).slice(2, 8)}`;
  const slug = name.toLowerCase().replace(/[^a-z0-9]+/g, '-');
  const [t] = await db
    .insert(tournament)
    .values({
      organizationId,
      slug,
      name,
      description: 'Åpen for alle medlemmer.',
      visibility: options.visibility ?? 'public',
      format,
      allowancePercent: allowance,
      courseId: demo.courseId,
      status: options.status ?? 'in_progress',
      // Play has begun from in_progress on, as the status move records it.
      startedAt: ['in_progress', 'finished'].includes(options.status ?? 'in_progress') ? new Date() : null,
      searchText: name.toLowerCase(),
    })
    .returning();
  const rounds = options.rounds ?? 1;
  for (let n = 1; n <= rounds; n++) {
    await db
      .insert(tournamentRound)
      .values({ tournamentId: t!.id, organizationId, number: n, playedOn: `2026-06-0${n}` });
  }
  const [division] = await db
    .insert(tournamentDivision)
    .values({ tournamentId: t!.id, organizationId, name: 'Herrer', teeId: yellow.id, position: 0 })
    .returning();
  const players: TournamentFixture['players'] = [];
  const count = options.players ?? 4;
  for (let i = 0; i < count; i++) {
    const handicapIndex = Math.round((5 + i * 3.7) * 10) / 10;
    const user = await createUser(db, { name: `Spiller ${String(i + 1).padStart(2, '0')}`, handicapIndex });
    await addMember(db, organizationId, user.id, 'member');
    const ch = courseHandicap(handicapIndex, {
      slope: yellow.slope,
      courseRating: yellow.courseRating,
      par: yellow.par,
    });
    const ph = playingHandicap(ch, allowance);
    const [entry] = await db
      .insert(tournamentEntry)
      .values({
        tournamentId: t!.id,
        organizationId,
        divisionId: division!.id,
        name: user.name!,
        handicapIndex,
        courseHandicap: ch,
        playingHandicap: ph,
      })
      .returning();
    await db
      .insert(tournamentEntryAccount)
      .values({ entryId: entry!.id, tournamentId: t!.id, organizationId, userId: user.id });
    players.push({ user, entryId: entry!.id, playingHandicap: ph });
  }
  const groups: TournamentFixture['groups'] = [];
  for (let g = 0; g * 4 < players.length; g++) {
    const [group] = await db
      .insert(tournamentGroup)
      .values({
        tournamentId: t!.id,
        organizationId,
        round: 1,
        startsAt: new Date(Date.UTC(2026, 5, 1, 6, g * 10)),
        tee: 1,
        position: g,
      })
      .returning();
    const members = players.slice(g * 4, g * 4 + 4);
    for (const [position, p] of members.entries()) {
      await db
        .insert(tournamentGroupEntry)
        .values({ groupId: group!.id, entryId: p.entryId, tournamentId: t!.id, organizationId, round: 1, position });
    }
    groups.push({ id: group!.id, entryIds: members.map((p) => p.entryId) });
  }
  return {
    organizationId,
    tournamentId: t!.id,
    slug,
    courseId: demo.courseId,
    divisionId: division!.id,
    holes: demo.holes,
    admin,
    players,
    groups,
  };
}

/** Writes gross scores for one entry and round: `strokes[i]` on hole i + 1 (null skips the hole). */
export async function writeScores(
  db: Database,
  fixture: Pick<TournamentFixture, 'tournamentId' | 'organizationId'>,
  entryId: string,
  round: number,
  strokes: (number | null)[],
): Promise<void> {
  const rows = strokes
    .map((s, i) => ({ hole: i + 1, s }))
    .filter((r): r is { hole: number; s: number } => r.s !== null)
    .map((r) => ({
      entryId,
      round,
      hole: r.hole,
      strokes: r.s,
      tournamentId: fixture.tournamentId,
      organizationId: fixture.organizationId,
    }));
  if (rows.length > 0) await db.insert(tournamentScore).values(rows);
}

/** An individual format's entry, whose player the tests read; a team's entry here is a failure. */
export function playerEntry(entry: EntryView | undefined): PlayerEntryView {
  if (!entry || 'players' in entry) throw new Error(`expected a player's entry, got ${JSON.stringify(entry)}`);
  return entry;
}
