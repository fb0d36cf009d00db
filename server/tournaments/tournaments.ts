import type { KeyedIssue } from '../../shared/errors';
import { and, asc, count, desc, eq, gt, inArray } from 'drizzle-orm';
import {
  defaultAllowancePercent,
  TOURNAMENT_MOVES,
  type divisionInput,
  type divisionUpdateInput,
  type tournamentRoundInput,
  type TournamentDetail,
  type TournamentView,
} from '../../shared/schemas/tournaments';
import type { z } from 'zod';
import { clubSearchText } from '../courses/search-text';
import type { Queryable } from '../db/client';
import {
  organization,
  tournament,
  tournamentDivision,
  tournamentEntry,
  tournamentGroup,
  tournamentRound,
} from '../db/schema';
import type { Deps } from '../deps';
import { AppError } from '../errors';
import { assertStatus, requireTournamentRow, type TournamentRow } from './access';
import { postTournamentStatus, withdrawTournament } from '../feed/tournaments';
import { assertTournamentCourse } from './course-check';
import { lockCourseForPlay } from '../courses/versions';
import { freezeHandicaps } from './entries';
import { fieldCount, fillFromWaitingList } from './waiting-list';
import { recordChange, type TournamentScope } from './scope';
import { insertWithFreeSlug } from './slug';
import { tournamentDetail, tournamentView } from './view';
import type { TieBreak, TournamentFormat, TournamentStatus, TournamentVisibility } from '../../shared/values';
import { STATUSES_BEFORE_PLAY, teamSizesOf } from '../../shared/tournament-rules';
import { isOneBallFormat } from '../../shared/values';

type RoundInput = z.infer<typeof tournamentRoundInput>;
type DivisionInput = z.infer<typeof divisionInput>;
type DivisionUpdate = z.infer<typeof divisionUpdateInput>;

export interface TournamentFields {
  name: string;
  description?: string | undefined;
  visibility: TournamentVisibility;
  format: TournamentFormat;
  allowancePercent?: number | undefined;
  teamSize?: number | undefined;
  tieBreak?: TieBreak | undefined;
  maxHandicapIndex?: number | undefined;
  entryLimit?: number | undefined;
  entriesCloseAt?: string | undefined;
  rounds: RoundInput[];
  divisions: DivisionInput[];
}

/** Format, allowance, rounds and divisions decide handicaps and results: fixed once play has begun. */

/**
 * What a format allows of the team's size and the allowance (docs/contract.md section 12, decision 0426): a
 * size the format has no allowance for is 400, and so is an allowance other than 100 in a one-ball format,
 * whose allowance is GOLF.md's combination of the players' course handicaps.
 */
function playSettings(format: TournamentFormat, teamSize: number | undefined, allowancePercent: number | undefined) {
  const sizes = teamSizesOf(format);
  const size = teamSize ?? sizes[0]!;
  const issues: KeyedIssue[] = [];
  if (!sizes.includes(size))
    issues.push(
      sizes.length === 1 && sizes[0] === 1
        ? { path: 'teamSize', key: 'errors.tournaments.individualFormat' }
        : { path: 'teamSize', key: 'errors.tournaments.teamSizeForFormat', params: { sizes: [...sizes] } },
    );
  if (isOneBallFormat(format) && allowancePercent !== undefined && allowancePercent !== 100)
    issues.push({ path: 'allowancePercent', key: 'errors.tournaments.allowanceOfTeamFormat' });
  if (issues.length > 0) throw new AppError('INVALID_INPUT', { issues });
  return { format, teamSize: size, allowancePercent: allowancePercent ?? defaultAllowancePercent(format) };
}

/** The tournament's and its club's names, folded and aliased as a club's search text is (course search). */
export function searchTextOf(name: string, organizationName: string): string {
  return clubSearchText({ name, aliases: [organizationName] });
}

async function organizationName(db: Queryable, organizationId: string): Promise<string> {
  const [row] = await db
    .select({ name: organization.name })
    .from(organization)
    .where(eq(organization.id, organizationId));
  return row!.name;
}

export async function createTournament(
  deps: Deps,
  scope: TournamentScope,
  input: TournamentFields,
): Promise<TournamentDetail> {
  const { tx } = scope;
  const courseId = input.rounds[0]!.courseId;
  await assertTournamentCourse(tx, {
    courseId,
    userId: scope.actorUserId,
    teeIds: input.divisions.map((d) => d.teeId),
  });
  const now = deps.now();
  const row = await insertWithFreeSlug(tx, {
    organizationId: scope.organizationId,
    name: input.name,
    description: input.description ?? null,
    visibility: input.visibility,
    ...playSettings(input.format, input.teamSize, input.allowancePercent),
    tieBreak: input.tieBreak ?? 'countback',
    maxHandicapIndex: input.maxHandicapIndex ?? null,
    entryLimit: input.entryLimit ?? null,
    entriesCloseAt: input.entriesCloseAt ? new Date(input.entriesCloseAt) : null,
    courseId,
    searchText: searchTextOf(input.name, await organizationName(tx, scope.organizationId)),
    createdAt: now,
    updatedAt: now,
  });
  await writeRounds(tx, row, input.rounds);
  await tx.insert(tournamentDivision).values(
    input.divisions.map((d, position) => ({
      ...divisionColumns(d, position),
      tournamentId: row.id,
      organizationId: row.organizationId,
    })),
  );
  await recordChange(deps, scope, row, { type: 'details' });
  return tournamentDetail(tx, row, scope.actorUserId);
}

export async function listTournaments(_deps: Deps, scope: TournamentScope): Promise<{ tournaments: TournamentView[] }> {
  const rows = await scope.tx
    .select()
    .from(tournament)
    .where(eq(tournament.organizationId, scope.organizationId))
    .orderBy(desc(tournament.createdAt), desc(tournament.id));
  const tournaments: TournamentView[] = [];
  // One after the other: the queries share the tenancy transaction's connection.
  for (const row of rows) tournaments.push(await tournamentView(scope.tx, row));
  return { tournaments };
}

export async function requireTournament(
  _deps: Deps,
  scope: TournamentScope,
  input: { tournamentId: string },
): Promise<TournamentDetail> {
  const row = await requireTournamentRow(scope, input.tournamentId);
  return tournamentDetail(scope.tx, row, scope.actorUserId);
}

export interface TournamentUpdate {
  tournamentId: string;
  name?: string | undefined;
  description?: string | null | undefined;
  visibility?: TournamentVisibility | undefined;
  format?: TournamentFormat | undefined;
  allowancePercent?: number | undefined;
  teamSize?: number | undefined;
  tieBreak?: TieBreak | undefined;
  maxHandicapIndex?: number | null | undefined;
  entryLimit?: number | null | undefined;
  entriesCloseAt?: string | null | undefined;
  rounds?: RoundInput[] | undefined;
  divisions?: DivisionUpdate[] | undefined;
}

/**
 * PATCH: only the fields given change. Name, description, visibility, the entry rules and the closing time
 * may change at any time (a typo in a finished tournament's name can be fixed); format, allowance, tie-break,
 * rounds and divisions decide handicaps and results, so only before play (409 from `in_progress` on, and in a
 * cancelled one: a tie-break changed after play would rewrite positions already read, decision 0423), even when
 * the value sent is the one it has. The slug never changes (decision 0409): links already shared keep working.
 */
export async function updateTournament(
  deps: Deps,
  scope: TournamentScope,
  input: TournamentUpdate,
): Promise<TournamentDetail> {
  const { tx } = scope;
  const current = await requireTournamentRow(scope, input.tournamentId, { lock: true });
  const changesPlay =
    input.format !== undefined ||
    input.allowancePercent !== undefined ||
    input.teamSize !== undefined ||
    input.tieBreak !== undefined ||
    input.rounds !== undefined ||
    input.divisions !== undefined;
  if (changesPlay) {
    assertStatus(current, STATUSES_BEFORE_PLAY, 'errors.tournaments.settingsFixed');
  }
  if (input.entryLimit !== undefined && input.entryLimit !== null) {
    const entries = await fieldCount(tx, current.id);
    if (entries > input.entryLimit) {
      throw new AppError('CONFLICT', {
        key: 'errors.tournaments.placesBelowEntries',
        params: { entries },
      });
    }
  }
  const courseId = input.rounds?.[0]?.courseId ?? current.courseId;
  if (input.rounds !== undefined || input.divisions !== undefined) {
    const teeIds = input.divisions?.map((d) => d.teeId) ?? (await divisionTees(tx, current.id));
    await assertTournamentCourse(tx, { courseId, userId: scope.actorUserId, teeIds });
  }

  // A new format without an allowance or a size takes the new format's defaults (decision 0409).
  const format = input.format ?? current.format;
  const settingsChange =
    input.format !== undefined || input.teamSize !== undefined || input.allowancePercent !== undefined;
  const settings = settingsChange
    ? playSettings(
        format,
        input.teamSize ?? (input.format === undefined ? current.teamSize : undefined),
        input.allowancePercent ?? (input.format === undefined ? current.allowancePercent : undefined),
      )
    : null;
  // Entries are players or teams of the size: a change of shape would leave them neither (decision 0426).
  if (settings && settings.teamSize !== current.teamSize && (await entryCount(tx, current.id)) > 0)
    throw new AppError('CONFLICT', { key: 'errors.tournaments.teamSizeWithEntries' });
  const [row] = await tx
    .update(tournament)
    .set({
      ...(input.name !== undefined
        ? { name: input.name, searchText: searchTextOf(input.name, await organizationName(tx, scope.organizationId)) }
        : {}),
      ...(input.description !== undefined ? { description: input.description } : {}),
      ...(input.visibility !== undefined ? { visibility: input.visibility } : {}),
      ...(settings ?? {}),
      ...(input.tieBreak !== undefined ? { tieBreak: input.tieBreak } : {}),
      ...(input.maxHandicapIndex !== undefined ? { maxHandicapIndex: input.maxHandicapIndex } : {}),
      ...(input.entryLimit !== undefined ? { entryLimit: input.entryLimit } : {}),
      ...(input.entriesCloseAt !== undefined
        ? { entriesCloseAt: input.entriesCloseAt === null ? null : new Date(input.entriesCloseAt) }
        : {}),
      courseId,
      updatedAt: deps.now(),
    })
    .where(and(eq(tournament.id, current.id), eq(tournament.organizationId, scope.organizationId)))
    .returning();
  if (input.rounds !== undefined) await replaceRounds(tx, row!, input.rounds);
  if (input.divisions !== undefined) await replaceDivisions(tx, row!, input.divisions);
  // A higher limit, or none, takes those waiting into the places it opens (decision 0427).
  if (input.entryLimit !== undefined) await fillFromWaitingList(deps, scope, row!);
  // Made members-only: its feed items leave the public feed (decision 0602).
  if (current.visibility === 'public' && row!.visibility === 'members') await withdrawTournament(deps, scope, row!.id);
  await recordChange(deps, scope, row!, { type: 'details' });
  return tournamentDetail(tx, row!, scope.actorUserId);
}

/** Exactly the moves of TOURNAMENT_MOVES; the move to `in_progress` freezes every entry's handicaps and the course. */
export async function setTournamentStatus(
  deps: Deps,
  scope: TournamentScope,
  input: { tournamentId: string; status: TournamentStatus },
): Promise<TournamentDetail> {
  const { tx } = scope;
  const current = await requireTournamentRow(scope, input.tournamentId, { lock: true });
  if (!TOURNAMENT_MOVES[current.status].includes(input.status)) {
    throw new AppError('CONFLICT', {
      key: 'errors.tournaments.statusChange',
      params: { from: current.status, to: input.status },
    });
  }
  // Play begins: the course as it is now is what the tournament plays (a later edit leaves it a played
  // version); its share lock waits for an edit being written, so handicaps and holes agree.
  const starting = input.status === 'in_progress';
  if (starting) {
    await lockCourseForPlay(tx, current.courseId);
    await freezeHandicaps(tx, current);
  }
  const [row] = await tx
    .update(tournament)
    .set({ status: input.status, updatedAt: deps.now(), ...(starting ? { startedAt: deps.now() } : {}) })
    .where(and(eq(tournament.id, current.id), eq(tournament.organizationId, scope.organizationId)))
    .returning();
  await recordChange(deps, scope, row!, { type: 'status' });
  // Opened, started, finished: news for the public feed when the tournament is public (decision 0602).
  await postTournamentStatus(deps, scope, row!);
  return tournamentDetail(tx, row!, scope.actorUserId);
}

/** A state as the refusal names it: «åpen for påmelding». */
// ---- Rounds and divisions ----

async function entryCount(db: Queryable, tournamentId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(tournamentEntry)
    .where(eq(tournamentEntry.tournamentId, tournamentId));
  return row?.n ?? 0;
}

async function divisionTees(db: Queryable, tournamentId: string): Promise<string[]> {
  const rows = await db
    .select({ teeId: tournamentDivision.teeId })
    .from(tournamentDivision)
    .where(eq(tournamentDivision.tournamentId, tournamentId))
    .orderBy(asc(tournamentDivision.position));
  return rows.map((r) => r.teeId);
}

function divisionColumns(d: DivisionInput, position: number) {
  return {
    name: d.name,
    teeId: d.teeId,
    minHandicapIndex: d.minHandicapIndex ?? null,
    maxHandicapIndex: d.maxHandicapIndex ?? null,
    position,
  };
}

async function writeRounds(db: Queryable, t: TournamentRow, rounds: readonly RoundInput[]): Promise<void> {
  await db.insert(tournamentRound).values(
    rounds.map((r) => ({
      tournamentId: t.id,
      organizationId: t.organizationId,
      number: r.number,
      playedOn: r.playedOn,
    })),
  );
}

/** The rounds as given; a round that no longer exists takes its start list with it. */
async function replaceRounds(db: Queryable, t: TournamentRow, rounds: readonly RoundInput[]): Promise<void> {
  await db.delete(tournamentRound).where(eq(tournamentRound.tournamentId, t.id));
  await writeRounds(db, t, rounds);
  await db
    .delete(tournamentGroup)
    .where(and(eq(tournamentGroup.tournamentId, t.id), gt(tournamentGroup.round, rounds.length)));
}

/**
 * Divisions by id (decision 0409): one naming an existing id is changed in place and keeps its entries, one
 * without an id is added, and one left out is removed, refused (409) while it has entries.
 */
async function replaceDivisions(db: Queryable, t: TournamentRow, divisions: readonly DivisionUpdate[]): Promise<void> {
  const existing = await db
    .select({ id: tournamentDivision.id, name: tournamentDivision.name })
    .from(tournamentDivision)
    .where(eq(tournamentDivision.tournamentId, t.id));
  const existingIds = new Set(existing.map((d) => d.id));
  const seen = new Set<string>();
  const issues = divisions.flatMap((d, i): KeyedIssue[] => {
    if (d.id === undefined) return [];
    if (!existingIds.has(d.id))
      return [{ path: `divisions.${i}.id`, key: 'errors.tournaments.divisionNotInTournament' }];
    if (seen.has(d.id)) return [{ path: `divisions.${i}.id`, key: 'errors.tournaments.divisionTwice' }];
    seen.add(d.id);
    return [];
  });
  if (issues.length > 0) throw new AppError('INVALID_INPUT', { issues });

  const removed = existing.filter((d) => !seen.has(d.id));
  if (removed.length > 0) {
    const [withEntries] = await db
      .select({ divisionId: tournamentEntry.divisionId })
      .from(tournamentEntry)
      .where(
        and(
          eq(tournamentEntry.tournamentId, t.id),
          inArray(
            tournamentEntry.divisionId,
            removed.map((d) => d.id),
          ),
        ),
      )
      .limit(1);
    if (withEntries) {
      const name = removed.find((d) => d.id === withEntries.divisionId)!.name;
      throw new AppError('CONFLICT', {
        key: 'errors.tournaments.divisionHasEntries',
        params: { division: name },
      });
    }
    await db.delete(tournamentDivision).where(
      and(
        eq(tournamentDivision.tournamentId, t.id),
        inArray(
          tournamentDivision.id,
          removed.map((d) => d.id),
        ),
      ),
    );
  }
  for (const [position, d] of divisions.entries()) {
    const columns = divisionColumns(d, position);
    if (d.id !== undefined) {
      await db
        .update(tournamentDivision)
        .set(columns)
        .where(and(eq(tournamentDivision.id, d.id), eq(tournamentDivision.tournamentId, t.id)));
    } else {
      await db.insert(tournamentDivision).values({ ...columns, tournamentId: t.id, organizationId: t.organizationId });
    }
  }
}
