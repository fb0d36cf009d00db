import type { KeyedIssue } from '../../shared/errors';
import { and, eq, sql } from 'drizzle-orm';
import type { GroupView } from '../../shared/schemas/tournaments';
import type { Queryable } from '../db/client';
import { tournamentGroup, tournamentGroupEntry, tournamentRound } from '../db/schema';
import type { Deps } from '../deps';
import { AppError } from '../errors';
import { assertStatus, requireTournamentRow, type TournamentRow } from './access';
import { startListEntries } from './entry-view';
import { waitingPlaces } from './waiting-list';
import { recordChange, type TournamentScope } from './scope';
import { tellMovedPlayers } from './start-notices';
import { groupViews } from './group-view';
import { GROUP_MAX_PLAYERS, STATUSES_BEFORE_PLAY } from '../../shared/tournament-rules';

interface GroupInput {
  startsAt: string;
  tee: 1 | 10;
  entryIds: string[];
}

export interface SetGroupsInput {
  tournamentId: string;
  round: number;
  groups?: GroupInput[] | undefined;
  generate?:
    | { firstStartsAt: string; intervalMinutes: number; groupSize: number; tees?: 1 | 2 | undefined }
    | undefined;
}

/**
 * A round's start list, replaced as a whole (decision 0410): by hand (two-tee starts included), or generated
 * by handicap index, highest first, in groups as even as `groupSize` allows, from tee 1 at `intervalMinutes`
 * (or from tees 1 and 10 with `tees: 2`, in the same one write). Only before play.
 */
export async function setGroups(
  deps: Deps,
  scope: TournamentScope,
  input: SetGroupsInput,
): Promise<{ groups: GroupView[] }> {
  const { tx } = scope;
  const t = await requireTournamentRow(scope, input.tournamentId, { lock: true });
  assertStatus(t, STATUSES_BEFORE_PLAY, 'errors.tournaments.startListFixed');
  const [round] = await tx
    .select({ one: sql<number>`1` })
    .from(tournamentRound)
    .where(and(eq(tournamentRound.tournamentId, t.id), eq(tournamentRound.number, input.round)))
    .limit(1);
  if (!round)
    throw new AppError('NOT_FOUND', {
      key: 'errors.tournaments.noSuchRound',
      params: { round: input.round },
    });

  // A group holds at most four players: in a team format, fewer entries (docs/contract.md section 12).
  const mostEntries = Math.floor(GROUP_MAX_PLAYERS / t.teamSize);
  if (input.generate && input.generate.groupSize > mostEntries)
    throw new AppError('INVALID_INPUT', {
      issues: [
        { path: 'generate.groupSize', key: 'errors.tournaments.teamsPerGroup', params: { maximum: mostEntries } },
      ],
    });
  const groups = input.generate
    ? await generatedGroups(tx, t, input.generate)
    : await checkedGroups(tx, t, input.groups!);
  await tx
    .delete(tournamentGroup)
    .where(and(eq(tournamentGroup.tournamentId, t.id), eq(tournamentGroup.round, input.round)));
  for (const [position, g] of groups.entries()) {
    const [group] = await tx
      .insert(tournamentGroup)
      .values({
        tournamentId: t.id,
        organizationId: t.organizationId,
        round: input.round,
        startsAt: new Date(g.startsAt),
        tee: g.tee,
        position,
      })
      .returning({ id: tournamentGroup.id });
    await tx.insert(tournamentGroupEntry).values(
      g.entryIds.map((entryId, place) => ({
        groupId: group!.id,
        entryId,
        tournamentId: t.id,
        organizationId: t.organizationId,
        round: input.round,
        position: place,
      })),
    );
  }
  await recordChange(deps, scope, t, { type: 'groups', round: input.round });
  const saved = await groupViews(tx, t, input.round);
  await tellMovedPlayers(deps, scope, t, { round: input.round, groups: saved });
  return { groups: saved };
}

/** Groups by hand: each entry this tournament's (400 otherwise) and in one group at most; no two groups off one tee at one time. */
async function checkedGroups(tx: Queryable, t: TournamentRow, groups: readonly GroupInput[]): Promise<GroupInput[]> {
  const known = new Set((await startListEntries(tx, t)).map((e) => e.id));
  const waiting = await waitingPlaces(tx, t.id);
  const seen = new Set<string>();
  const starts = new Set<string>();
  const issues: KeyedIssue[] = [];
  const mostEntries = Math.floor(GROUP_MAX_PLAYERS / t.teamSize);
  groups.forEach((g, i) => {
    if (g.entryIds.length > mostEntries)
      issues.push({
        path: `groups.${i}.entryIds`,
        key: 'errors.tournaments.teamsPerGroup',
        params: { maximum: mostEntries },
      });
    const start = `${new Date(g.startsAt).getTime()}@${g.tee}`;
    if (starts.has(start)) issues.push({ path: `groups.${i}.startsAt`, key: 'errors.tournaments.sameTeeSameTime' });
    starts.add(start);
    g.entryIds.forEach((entryId, j) => {
      if (waiting.has(entryId))
        issues.push({ path: `groups.${i}.entryIds.${j}`, key: 'errors.tournaments.waitingNotInStartList' });
      else if (!known.has(entryId))
        issues.push({ path: `groups.${i}.entryIds.${j}`, key: 'errors.tournaments.playerNotEntered' });
      else if (seen.has(entryId))
        issues.push({ path: `groups.${i}.entryIds.${j}`, key: 'errors.tournaments.playerInTwoGroups' });
      seen.add(entryId);
    });
  });
  if (issues.length > 0) throw new AppError('INVALID_INPUT', { issues });
  return [...groups];
}

/**
 * Highest index first (ties by name), cut into the fewest groups of at most `groupSize`, as even as can be:
 * nine players in fours are 3 + 3 + 3, not 4 + 4 + 1. With two tees the first half of the groups (the extra
 * one of an odd count included) starts off tee 1 and the second half off tee 10, both from the first start
 * at the interval: the highest indexes go out first from tee 1, as from one tee.
 */
async function generatedGroups(
  tx: Queryable,
  t: TournamentRow,
  g: { firstStartsAt: string; intervalMinutes: number; groupSize: number; tees?: 1 | 2 | undefined },
): Promise<GroupInput[]> {
  const entries = (await startListEntries(tx, t)).sort(
    (a, b) => b.handicapIndex - a.handicapIndex || a.name.localeCompare(b.name, 'nb'),
  );
  const count = Math.ceil(entries.length / g.groupSize);
  const first = new Date(g.firstStartsAt).getTime();
  const groups: GroupInput[] = [];
  const onFirstTee = g.tees === 2 ? Math.ceil(count / 2) : count;
  let next = 0;
  for (let i = 0; i < count; i++) {
    const size = Math.floor(entries.length / count) + (i < entries.length % count ? 1 : 0);
    const slot = i < onFirstTee ? i : i - onFirstTee;
    groups.push({
      startsAt: new Date(first + slot * g.intervalMinutes * 60_000).toISOString(),
      tee: i < onFirstTee ? 1 : 10,
      entryIds: entries.slice(next, next + size).map((e) => e.id),
    });
    next += size;
  }
  return groups;
}
