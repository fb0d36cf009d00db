import { and, asc, desc, eq, like, ne, or, sql, type SQL } from 'drizzle-orm';
import type {
  LeaderboardView,
  PublicCardView,
  PublicGroupView,
  PublicTournamentView,
} from '../../shared/schemas/tournaments';
import { PUBLIC_TOURNAMENTS_DEFAULT_LIMIT, type PublicTournamentPage } from '../../shared/schemas/tournaments';
import { parseQuery } from '../courses/fuzzy';
import type { Transaction } from '../db/client';
import {
  course,
  organization,
  organizationMembership,
  tournament,
  tournamentDivision,
  tournamentEntry,
  tournamentGroup,
  tournamentGroupEntry,
} from '../db/schema';
import { shareUntilStarted, type SharedUntilStarted } from '../db/share-until-started';
import { withTenant } from '../db/tenancy';
import type { Viewer } from '../actor';
import type { Deps } from '../deps';
import { AppError } from '../errors';
import { allocateStrokes } from '../golf/strokes';
import type { TournamentRow } from './access';
import { cached } from './cache';
import { keepPublicPage, keptPublicPage } from './page-memo';
import { leaderboardView, type LatestEvent } from './leaderboard';
import { teamPlayersOf } from './team-view';
import { loadLeaderboardInput } from './leaderboard-input';
import { publicTournamentView, tournamentView } from './view';

/**
 * The public landing pages (docs/contract.md section 9). Who may read a tournament is decided by the context its
 * rows are read in, never by the database owner's rights: an anonymous reader reads without an organization
 * context, where only the policies' public exception lets rows through (public, not a draft); a signed-in
 * user's own organizations' members-only tournaments are read in each organization's tenancy transaction,
 * after their membership has been read. The queries filter the same conditions themselves: the policy is
 * the backstop, not the only check.
 */

const notFound = () => new AppError('NOT_FOUND', { key: 'errors.tournaments.notFound' });

/** A tournament the caller may see, with the organization context its rows are read in. */
export interface VisibleTournament {
  row: TournamentRow;
  organizationName: string;
  /** null: read without an organization (public); otherwise the member's organization. */
  context: string | null;
  /** Its newest event, read with it: what its cached leaderboard and page are keyed by. */
  latest: LatestEvent | null;
}

export type TournamentRef = { slug: string } | { id: string };

/** The organizations whose members-only tournaments the user may read (membership is not tenant-scoped). */
async function organizationsOf(deps: Pick<Deps, 'db'>, userId: string | null): Promise<string[]> {
  if (!userId) return [];
  const rows = await deps.db
    .select({ id: organizationMembership.organizationId })
    .from(organizationMembership)
    .where(eq(organizationMembership.userId, userId))
    .orderBy(asc(organizationMembership.organizationId));
  return rows.map((r) => r.id);
}

/** What a context may read: the public exception, or one organization's members-only tournaments. */
function readableIn(context: string | null): SQL {
  return context === null
    ? and(eq(tournament.visibility, 'public'), ne(tournament.status, 'draft'))!
    : and(
        eq(tournament.organizationId, context),
        eq(tournament.visibility, 'members'),
        ne(tournament.status, 'draft'),
      )!;
}

/** The newest event of the tournament in the same statement: the version of everything cached for it. */
const latestEventId = sql<
  string | null
>`(select e.id::text from tournament_event e where e.tournament_id = ${tournament.id} order by e.id desc limit 1)`;
const latestEventAt = sql<
  string | null
>`(select to_char(e.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') from tournament_event e where e.tournament_id = ${tournament.id} order by e.id desc limit 1)`;

async function findIn(tx: Transaction, ref: TournamentRef, context: string | null): Promise<VisibleTournament | null> {
  const match = 'slug' in ref ? eq(tournament.slug, ref.slug) : eq(tournament.id, ref.id);
  const [found] = await tx
    .select({ row: tournament, organizationName: organization.name, latestId: latestEventId, latestAt: latestEventAt })
    .from(tournament)
    .innerJoin(organization, eq(organization.id, tournament.organizationId))
    .where(and(match, readableIn(context)))
    .limit(1);
  if (!found) return null;
  const latest =
    found.latestId !== null && found.latestAt !== null
      ? { id: Number(found.latestId), createdAt: found.latestAt }
      : null;
  return { row: found.row, organizationName: found.organizationName, latest, context };
}

/**
 * Runs `work` in the transaction the tournament is visible in to `userId` (null: anonymous), or throws
 * 404 NOT_FOUND: a draft, an unknown slug and a members-only tournament to a non-member get the same answer.
 */
export async function withVisibleTournament<T>(
  deps: Pick<Deps, 'db'>,
  input: { ref: TournamentRef; userId: string | null },
  work: (tx: Transaction, found: VisibleTournament) => Promise<T>,
): Promise<T> {
  const open = await attemptIn(deps, input.ref, null, work);
  if (open !== MISSING) return open;
  return withMembersTournament(deps, input, work);
}

const MISSING = Symbol('missing');

/** One context's read of the tournament and, when it is visible there, `work` in the same transaction. */
function attemptIn<T>(
  deps: Pick<Deps, 'db'>,
  ref: TournamentRef,
  context: string | null,
  work: (tx: Transaction, found: VisibleTournament) => Promise<T>,
  started?: () => void,
): Promise<T | typeof MISSING> {
  return withTenant(deps.db, context, async (tx) => {
    started?.();
    const found = await findIn(tx, ref, context);
    return found ? work(tx, found) : MISSING;
  });
}

/** After the public attempt found nothing: the user's own organizations' members-only tournaments, or 404. */
async function withMembersTournament<T>(
  deps: Pick<Deps, 'db'>,
  input: { ref: TournamentRef; userId: string | null },
  work: (tx: Transaction, found: VisibleTournament) => Promise<T>,
): Promise<T> {
  for (const organizationId of await organizationsOf(deps, input.userId)) {
    const result = await attemptIn(deps, input.ref, organizationId, work);
    if (result !== MISSING) return result;
  }
  throw notFound();
}

const publicReads = new WeakMap<Deps['db'], SharedUntilStarted<VisibleTournament | typeof MISSING>>();
const asFound = async (_tx: Transaction, found: VisibleTournament) => found;

/**
 * Throws 404 unless the tournament is (still) visible to the user: the live leaderboard's check when a
 * subscription starts and whenever its access may have changed. The public attempt does not depend on the
 * user, so callers that arrive while it waits for a connection share it (decision 0705): a dead instance's
 * spectators resuming here together, or every subscriber of a tournament whose status just changed.
 */
export async function requireVisibleTournament(
  deps: Pick<Deps, 'db'>,
  input: { ref: TournamentRef; userId: string | null },
): Promise<VisibleTournament> {
  let shared = publicReads.get(deps.db);
  if (!shared) {
    shared = shareUntilStarted();
    publicReads.set(deps.db, shared);
  }
  const key = 'slug' in input.ref ? `slug:${input.ref.slug}` : `id:${input.ref.id}`;
  const open = await shared(key, (started) => attemptIn(deps, input.ref, null, asFound, started));
  if (open !== MISSING) return open;
  return withMembersTournament(deps, input, asFound);
}

/** The start lists of every round, players by name only. */
async function publicGroups(tx: Transaction, tournamentId: string): Promise<PublicGroupView[]> {
  const rows = await tx
    .select({
      groupId: tournamentGroup.id,
      round: tournamentGroup.round,
      startsAt: tournamentGroup.startsAt,
      tee: tournamentGroup.tee,
      entryId: tournamentEntry.id,
      name: tournamentEntry.name,
      divisionId: tournamentDivision.id,
      divisionName: tournamentDivision.name,
    })
    .from(tournamentGroup)
    .leftJoin(tournamentGroupEntry, eq(tournamentGroupEntry.groupId, tournamentGroup.id))
    .leftJoin(tournamentEntry, eq(tournamentEntry.id, tournamentGroupEntry.entryId))
    .leftJoin(tournamentDivision, eq(tournamentDivision.id, tournamentEntry.divisionId))
    .where(eq(tournamentGroup.tournamentId, tournamentId))
    .orderBy(
      asc(tournamentGroup.round),
      asc(tournamentGroup.position),
      asc(tournamentGroup.startsAt),
      asc(tournamentGroup.id),
      asc(tournamentGroupEntry.position),
    );
  // A team's players by name, in their order on the team (docs/contract.md section 12).
  const players = await teamPlayersOf(tx, { tournamentId });
  const groups = new Map<string, PublicGroupView>();
  for (const r of rows) {
    let group = groups.get(r.groupId);
    if (!group) {
      group = { id: r.groupId, round: r.round, startsAt: r.startsAt.toISOString(), tee: r.tee as 1 | 10, entries: [] };
      groups.set(r.groupId, group);
    }
    if (r.entryId && r.name !== null && r.divisionId && r.divisionName !== null) {
      const team = players.filter((p) => p.entryId === r.entryId).map((p) => p.name);
      group.entries.push({
        id: r.entryId,
        name: r.name,
        ...(team.length > 0 ? { players: team } : {}),
        division: { id: r.divisionId, name: r.divisionName },
      });
    }
  }
  return [...groups.values()];
}

/**
 * The version of a page: its newest event (every change of its leaderboard, start lists, entries, status or
 * details writes one), the row's own update time, status and visibility, and the club's name (renaming a
 * club writes no tournament event).
 */
function pageVersion(found: VisibleTournament): string {
  const { row } = found;
  return `${found.latest?.id ?? 0}:${row.updatedAt.getTime()}:${row.status}:${row.visibility}:${found.organizationName}`;
}

/** public.tournament's answer: its shape is the output schema's (shared/schemas/tournaments.ts). */
export type { PublicTournamentPage };

/** The course's name as the reader's context may read it (an official course always; absent otherwise). */
async function courseOf(tx: Transaction, courseId: string): Promise<{ course?: { name: string } }> {
  const [row] = await tx.select({ name: course.name }).from(course).where(eq(course.id, courseId)).limit(1);
  return row ? { course: { name: row.name } } : {};
}

/**
 * public.tournament: the information, the start lists and the leaderboard. The page is computed once per
 * version and the same object is answered until the next change (its encoded JSON too: cache.ts
 * `encodedJsonOf`). Access is checked on every request, except while a public page is kept
 * (page-memo.ts): at most PAGE_MEMO_MS, and never past the tournament's next change.
 */
export async function publicTournamentPage(
  deps: Pick<Deps, 'db' | 'bus' | 'now'>,
  viewer: Viewer,
  input: { slug: string },
): Promise<PublicTournamentPage> {
  // A public page is the same for every reader: kept for a moment, until the tournament's next change.
  const kept = keptPublicPage<PublicTournamentPage>(deps, input.slug);
  if (kept) return kept;
  return withVisibleTournament(deps, { ref: { slug: input.slug }, userId: viewer.userId }, async (tx, found) => {
    const page = await pageOf(tx, found);
    if (found.context === null) keepPublicPage(deps, input.slug, found.row.id, page);
    return page;
  });
}

function pageOf(tx: Transaction, found: VisibleTournament): Promise<PublicTournamentPage> {
  return cached(`page:${found.row.id}`, pageVersion(found), async () => {
    const view = publicTournamentView(await tournamentView(tx, found.row));
    return {
      tournament: { ...view, organization: { name: found.organizationName } },
      groups: await publicGroups(tx, found.row.id),
      leaderboard: await leaderboardView(tx, found.row, { latest: found.latest }),
      ...(await courseOf(tx, found.row.courseId)),
    };
  });
}

/** public.leaderboard: one division (its id; an unknown one is 404) or all. */
export async function publicLeaderboard(
  deps: Pick<Deps, 'db'>,
  viewer: Viewer,
  input: { slug: string; division?: string | undefined },
): Promise<LeaderboardView> {
  return withVisibleTournament(deps, { ref: { slug: input.slug }, userId: viewer.userId }, (tx, found) =>
    leaderboardView(tx, found.row, { division: input.division, latest: found.latest }),
  );
}

/**
 * public.card: one entry's hole-by-hole strokes in every round, with the holes' pars and stroke indexes and
 * the strokes received, for whoever may read the page (the same 404 otherwise; an entry of another
 * tournament is 404 too). The name and playing handicap only, as the leaderboard: no index, no account.
 */
export async function publicCard(
  deps: Pick<Deps, 'db'>,
  viewer: Viewer,
  input: { slug: string; entryId: string },
): Promise<PublicCardView> {
  return withVisibleTournament(deps, { ref: { slug: input.slug }, userId: viewer.userId }, async (tx, found) => {
    const board = await loadLeaderboardInput(tx, found.row);
    const entry = board.entries.find((e) => e.entryId === input.entryId);
    const division = entry && board.divisions.find((d) => d.id === entry.divisionId);
    if (!entry || !division) throw new AppError('NOT_FOUND', { key: 'errors.tournaments.playerNotFound' });
    return {
      entryId: entry.entryId,
      name: entry.name,
      ...(entry.players ? { players: entry.players } : {}),
      division: { id: division.id, name: division.name },
      format: board.format,
      playingHandicap: entry.playingHandicap,
      holes: board.holes.map((h) => ({ number: h.number, par: h.par, strokeIndex: h.strokeIndex })),
      strokesReceived: allocateStrokes(
        entry.playingHandicap,
        board.holes.map((h) => h.strokeIndex),
      ),
      // Four-ball: each hole is the ball that counted, with the strokes that ball received.
      rounds: entry.scores.map((strokes, i) => ({
        number: i + 1,
        strokes: [...strokes],
        ...(entry.strokesReceived ? { strokesReceived: entry.strokesReceived[i]! } : {}),
      })),
    };
  });
}

// ---- The list: search and cursor paging ----

/** A position in the newest-first order: creation time to the microsecond (as text), then id. */
interface Position {
  createdAt: string;
  id: string;
}

const CURSOR_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export function encodeCursor(position: Position): string {
  return Buffer.from(JSON.stringify([position.createdAt, position.id])).toString('base64url');
}

/** 400 for anything this server did not hand out (a cursor is opaque: only its shape can be checked). */
export function decodeCursor(cursor: string): Position {
  const invalid = () =>
    new AppError('INVALID_INPUT', { issues: [{ path: 'cursor', key: 'errors.fields.invalidCursor' }] });
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw invalid();
  }
  if (!Array.isArray(parsed) || parsed.length !== 2) throw invalid();
  const [createdAt, id] = parsed as unknown[];
  if (typeof createdAt !== 'string' || typeof id !== 'string' || !CURSOR_TIME.test(createdAt) || !UUID.test(id))
    throw invalid();
  // A well-formed but impossible time (month 13) would make the database fail: refuse it here.
  const ms = new Date(`${createdAt.slice(0, 23)}Z`);
  if (Number.isNaN(ms.getTime()) || ms.toISOString().slice(0, 23) !== createdAt.slice(0, 23)) throw invalid();
  return { createdAt, id };
}

const createdAtText = sql<string>`to_char(${tournament.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US')`;

/** Every word of the query at the start of a word of the folded names, as the personal-course search does. */
function matches(q: string | undefined): SQL | undefined {
  const query = q ? parseQuery(q) : null;
  if (!query) return undefined;
  return and(
    ...query.required.map((w) => or(like(tournament.searchText, `${w}%`), like(tournament.searchText, `% ${w}%`))),
  );
}

function after(position: Position | null): SQL | undefined {
  if (!position) return undefined;
  return sql`(${tournament.createdAt}, ${tournament.id}) < ((${position.createdAt})::timestamp at time zone 'UTC', ${position.id}::uuid)`;
}

interface Candidate {
  row: TournamentRow;
  position: Position;
  context: string | null;
}

/**
 * public.tournaments: the public ones that are not drafts (cancelled ones with their status) and, for a
 * signed-in user, their organizations' members-only ones; newest first. Each context is read on its own
 * (one query each: users belong to few organizations), the candidates merged, and the page's views built in
 * the context each was found in.
 */
export async function publicTournaments(
  deps: Pick<Deps, 'db'>,
  viewer: Viewer,
  input: { q?: string | undefined; limit?: number | undefined; cursor?: string | undefined } = {},
): Promise<{ tournaments: PublicTournamentView[]; nextCursor?: string }> {
  const limit = input.limit ?? PUBLIC_TOURNAMENTS_DEFAULT_LIMIT;
  const position = input.cursor ? decodeCursor(input.cursor) : null;
  const contexts: (string | null)[] = [null, ...(await organizationsOf(deps, viewer.userId))];
  const candidates: Candidate[] = [];
  for (const context of contexts) {
    const rows = await withTenant(deps.db, context, (tx) =>
      tx
        .select({ row: tournament, createdAt: createdAtText })
        .from(tournament)
        .where(and(readableIn(context), matches(input.q), after(position)))
        .orderBy(desc(tournament.createdAt), desc(tournament.id))
        .limit(limit + 1),
    );
    for (const r of rows) candidates.push({ row: r.row, position: { createdAt: r.createdAt, id: r.row.id }, context });
  }
  candidates.sort(
    (a, b) => compareText(b.position.createdAt, a.position.createdAt) || compareText(b.position.id, a.position.id),
  );
  const page = candidates.slice(0, limit);

  const views = new Map<string, PublicTournamentView>();
  for (const context of new Set(page.map((c) => c.context))) {
    await withTenant(deps.db, context, async (tx) => {
      for (const c of page.filter((p) => p.context === context))
        views.set(c.row.id, publicTournamentView(await tournamentView(tx, c.row)));
    });
  }
  const last = page[page.length - 1];
  return {
    tournaments: page.map((c) => views.get(c.row.id)!),
    ...(candidates.length > limit && last ? { nextCursor: encodeCursor(last.position) } : {}),
  };
}

function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
