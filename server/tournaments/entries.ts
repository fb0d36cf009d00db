import { and, asc, eq, sql } from 'drizzle-orm';
import { DEFAULT_HANDICAP_INDEX } from '../../shared/schemas/rounds';
import type { EntryView } from '../../shared/schemas/tournaments';
import { UNNAMED_PLAYER } from '../../shared/placeholder-names';
import { indexPlayedOff } from '../handicap/record';
import type { Queryable } from '../db/client';
import {
  appUser,
  organizationMembership,
  tournamentDivision,
  tournamentEntry,
  tournamentEntryAccount,
  tournamentEntryPlayer,
} from '../db/schema';
import type { Deps } from '../deps';
import { AppError } from '../errors';
import type { ErrorKey } from '../../shared/errors';
import type { TextParams } from '../../shared/i18n/types';
import { teamIndex, teamNameOf, teamRecords } from './team-view';
import { fillFromWaitingList, waitingNumberFor } from './waiting-list';
import { assertStatus, requireTournamentRow, type TournamentRow } from './access';
import { entryRecords, entryViews } from './entry-view';
import { withdrawFeedItems } from '../feed/items';
import { recordChange, isOrganizer, type TournamentScope } from './scope';
import { STATUSES_BEFORE_PLAY } from '../../shared/tournament-rules';

/** Before play, entries come and go: organizers may enter anyone in these states. */

export async function listEntries(
  _deps: Deps,
  scope: TournamentScope,
  input: { tournamentId: string },
): Promise<{ entries: EntryView[] }> {
  const t = await requireTournamentRow(scope, input.tournamentId);
  return { entries: await entryViews(scope.tx, t) };
}

/**
 * The move to `in_progress`: every entry keeps the index, course handicap (unrounded) and playing handicap
 * it has now, whatever later happens to the member's index (decision 0410).
 */
export async function freezeHandicaps(tx: Queryable, t: TournamentRow): Promise<void> {
  if (t.teamSize > 1) return freezeTeamHandicaps(tx, t);
  for (const e of await entryRecords(tx, t)) {
    await tx
      .update(tournamentEntry)
      .set({ handicapIndex: e.handicapIndex, courseHandicap: e.courseHandicap, playingHandicap: e.playingHandicap })
      .where(and(eq(tournamentEntry.id, e.id), eq(tournamentEntry.tournamentId, t.id)));
  }
}

/** A team's players keep theirs, and the team its playing handicap (decision 0426). */
async function freezeTeamHandicaps(tx: Queryable, t: TournamentRow): Promise<void> {
  for (const team of await teamRecords(tx, t)) {
    for (const p of team.players) {
      await tx
        .update(tournamentEntryPlayer)
        .set({ handicapIndex: p.handicapIndex, courseHandicap: p.courseHandicap, playingHandicap: p.playingHandicap })
        .where(and(eq(tournamentEntryPlayer.id, p.id), eq(tournamentEntryPlayer.tournamentId, t.id)));
    }
    await tx
      .update(tournamentEntry)
      .set({ playingHandicap: team.playingHandicap })
      .where(and(eq(tournamentEntry.id, team.id), eq(tournamentEntry.tournamentId, t.id)));
  }
}

export interface EnterInput {
  tournamentId: string;
  userId?: string | undefined;
  guest?: GuestInput | undefined;
  /** A team an organizer enters (docs/contract.md section 12). */
  players?: ({ userId: string } | { guest: GuestInput })[] | undefined;
  /** A member entering their team with a member partner. */
  partnerUserId?: string | undefined;
  /** A team's name; by default the players' surnames. */
  name?: string | undefined;
  divisionId?: string | undefined;
}

interface GuestInput {
  name: string;
  handicapIndex: number;
}

/**
 * An entry (decision 0410), of one player or, in a team format, of a team (decision 0426). A member enters
 * themself (with a member partner in a team format) while the tournament is open and before its closing
 * time; an organizer enters anyone (a member or a guest, or a team of them) until play starts. Under the
 * tournament's row lock, so the entry limit and "already entered" hold under parallel requests.
 */
export async function enter(deps: Deps, scope: TournamentScope, input: EnterInput): Promise<EntryView> {
  const { tx } = scope;
  const forSelf =
    input.guest === undefined &&
    input.players === undefined &&
    (input.userId === undefined || input.userId === scope.actorUserId);
  const organizer = isOrganizer(scope);
  if (!forSelf && !organizer)
    throw new AppError('NOT_ORG_ADMIN', { key: 'errors.tournaments.onlyOrganiserEntersOthers' });

  const t = await requireTournamentRow(scope, input.tournamentId, { lock: true });
  if (organizer) {
    assertStatus(t, STATUSES_BEFORE_PLAY, 'errors.tournaments.entriesClosed');
  } else {
    assertStatus(t, ['open'], 'errors.tournaments.notOpen');
    if (t.entriesCloseAt !== null && deps.now() >= t.entriesCloseAt)
      throw new AppError('CONFLICT', { key: 'errors.tournaments.deadlinePassed' });
  }

  const players = await playersOf(tx, t, input, scope.actorUserId);
  // Past the entry limit the entry waits for a place (decision 0427).
  const waitingNumber = await waitingNumberFor(tx, t);
  for (const player of players) {
    if (t.maxHandicapIndex !== null && player.handicapIndex > t.maxHandicapIndex) {
      throw new AppError('CONFLICT', {
        key: 'errors.tournaments.handicapAboveLimit',
        params: { maxHandicapIndex: t.maxHandicapIndex },
      });
    }
  }
  const team = t.teamSize > 1;
  const divisionId = await divisionFor(
    tx,
    t,
    team ? teamIndex(players.map((p) => p.handicapIndex)) : players[0]!.handicapIndex,
    input.divisionId,
  );

  const single = team ? null : players[0]!;
  const [entry] = await tx
    .insert(tournamentEntry)
    .values({
      tournamentId: t.id,
      organizationId: t.organizationId,
      divisionId,
      name: single?.name ?? input.name ?? teamNameOf(players.map((p) => p.name)),
      isGuest: single !== null && single.userId === null,
      // A member's index is read at the freeze; a guest has only the one given now.
      handicapIndex: single !== null && single.userId === null ? single.handicapIndex : null,
      waitingNumber,
      createdAt: deps.now(),
    })
    .returning({ id: tournamentEntry.id });
  const owned = { entryId: entry!.id, tournamentId: t.id, organizationId: t.organizationId };
  if (team) {
    await tx.insert(tournamentEntryPlayer).values(
      players.map((p, i) => ({
        ...owned,
        ball: i + 1,
        name: p.name,
        isGuest: p.userId === null,
        handicapIndex: p.userId === null ? p.handicapIndex : null,
      })),
    );
  }
  const accounts = players.flatMap((p, i) =>
    p.userId === null ? [] : [{ ...owned, ball: team ? i + 1 : 0, userId: p.userId }],
  );
  if (accounts.length > 0) await tx.insert(tournamentEntryAccount).values(accounts);
  await recordChange(deps, scope, t, { type: 'entries' });
  const [view] = await entryViews(tx, t, [entry!.id]);
  return view!;
}

interface Player {
  userId: string | null;
  name: string;
  handicapIndex: number;
}

/**
 * Who the entry is: one player in the individual formats (`userId`, `guest` or the caller), the team's
 * players in a team format (`players` from an organizer, or the caller and `partnerUserId`), exactly as many
 * as the tournament's team size and no one twice (400).
 */
async function playersOf(tx: Queryable, t: TournamentRow, input: EnterInput, callerId: string): Promise<Player[]> {
  const asTeam = input.players !== undefined || input.partnerUserId !== undefined;
  if (t.teamSize === 1) {
    if (asTeam) throw invalidTeam('errors.tournaments.notTeamFormat');
    return [input.guest ? await guestPlayer(tx, t, input.guest) : await memberPlayer(tx, t, input.userId ?? callerId)];
  }
  if (!asTeam) throw invalidTeam('errors.tournaments.teamEntryNeedsPlayers', { size: t.teamSize });
  const wanted = input.players ?? [{ userId: callerId }, { userId: input.partnerUserId! }];
  if (wanted.length !== t.teamSize) throw invalidTeam('errors.tournaments.teamOfSize', { size: t.teamSize });
  const userIds = wanted.flatMap((p) => ('userId' in p ? [p.userId] : []));
  const guestNames = wanted.flatMap((p) => ('guest' in p ? [p.guest.name.toLowerCase()] : []));
  if (new Set(userIds).size < userIds.length || new Set(guestNames).size < guestNames.length)
    throw invalidTeam('errors.tournaments.playerTwiceInTeam');
  const players: Player[] = [];
  for (const p of wanted)
    players.push('userId' in p ? await memberPlayer(tx, t, p.userId) : await guestPlayer(tx, t, p.guest));
  return players;
}

function invalidTeam(key: ErrorKey, params?: TextParams): AppError {
  return new AppError('INVALID_INPUT', { issues: [{ path: 'players', key, ...(params ? { params } : {}) }] });
}

/** A member of the tournament's organization, not entered yet, alone or in a team (409 for either). */
async function memberPlayer(tx: Queryable, t: TournamentRow, userId: string): Promise<Player> {
  const [member] = await tx
    .select({ name: appUser.name, handicapIndex: indexPlayedOff })
    .from(organizationMembership)
    .innerJoin(appUser, eq(appUser.id, organizationMembership.userId))
    .where(and(eq(organizationMembership.organizationId, t.organizationId), eq(organizationMembership.userId, userId)))
    .limit(1);
  if (!member)
    throw new AppError('CONFLICT', {
      key: 'errors.tournaments.onlyMembersWithAccount',
    });
  const [entered] = await tx
    .select({ one: sql<number>`1` })
    .from(tournamentEntryAccount)
    .where(and(eq(tournamentEntryAccount.tournamentId, t.id), eq(tournamentEntryAccount.userId, userId)))
    .limit(1);
  if (entered) throw new AppError('CONFLICT', { key: 'errors.tournaments.playerAlreadyEntered' });
  return { userId, name: member.name ?? UNNAMED_PLAYER, handicapIndex: member.handicapIndex ?? DEFAULT_HANDICAP_INDEX };
}

/**
 * A guest by name: the same name twice among a tournament's guests (entries, or players of its teams) is
 * taken for a double entry (409).
 */
async function guestPlayer(tx: Queryable, t: TournamentRow, guest: GuestInput): Promise<Player> {
  const named = t.teamSize === 1 ? tournamentEntry : tournamentEntryPlayer;
  const [entered] = await tx
    .select({ one: sql<number>`1` })
    .from(named)
    .where(and(eq(named.tournamentId, t.id), eq(named.isGuest, true), sql`lower(${named.name}) = lower(${guest.name})`))
    .limit(1);
  if (entered)
    throw new AppError('CONFLICT', {
      key: 'errors.tournaments.guestAlreadyEntered',
      params: { name: guest.name },
    });
  return { userId: null, name: guest.name, handicapIndex: guest.handicapIndex };
}

function holds(d: { minHandicapIndex: number | null; maxHandicapIndex: number | null }, index: number): boolean {
  return (
    (d.minHandicapIndex === null || index >= d.minHandicapIndex) &&
    (d.maxHandicapIndex === null || index <= d.maxHandicapIndex)
  );
}

/**
 * The division asked for (400 when it is not this tournament's), or the first one whose range holds the
 * index. Either way the index must fit its range (409).
 */
async function divisionFor(
  tx: Queryable,
  t: TournamentRow,
  index: number,
  divisionId: string | undefined,
): Promise<string> {
  const divisions = await tx
    .select()
    .from(tournamentDivision)
    .where(eq(tournamentDivision.tournamentId, t.id))
    .orderBy(asc(tournamentDivision.position));
  if (divisionId !== undefined) {
    const chosen = divisions.find((d) => d.id === divisionId);
    if (!chosen)
      throw new AppError('INVALID_INPUT', {
        issues: [{ path: 'divisionId', key: 'errors.tournaments.divisionNotInTournament' }],
      });
    if (!holds(chosen, index))
      throw new AppError('CONFLICT', {
        key: 'errors.tournaments.handicapNotInDivision',
        params: { handicap: index, division: chosen.name },
      });
    return chosen.id;
  }
  const fitting = divisions.find((d) => holds(d, index));
  if (!fitting)
    throw new AppError('CONFLICT', {
      key: 'errors.tournaments.noDivisionForHandicap',
      params: { handicap: index },
    });
  return fitting.id;
}

/**
 * Withdrawal deletes the entry with its start-list places (and, for an organizer during play, its scores).
 * The entrant may withdraw before play; an organizer until the tournament is finished or cancelled, when
 * the results stand (409). Anyone else: 403.
 */
export async function withdraw(
  deps: Deps,
  scope: TournamentScope,
  input: { tournamentId: string; entryId: string },
): Promise<{ ok: true }> {
  const { tx } = scope;
  const t = await requireTournamentRow(scope, input.tournamentId, { lock: true });
  // A team's accounts are one row each: any player of the team is its entrant.
  const rows = await tx
    .select({ id: tournamentEntry.id, userId: tournamentEntryAccount.userId })
    .from(tournamentEntry)
    .leftJoin(tournamentEntryAccount, eq(tournamentEntryAccount.entryId, tournamentEntry.id))
    .where(and(eq(tournamentEntry.id, input.entryId), eq(tournamentEntry.tournamentId, t.id)));
  const entry = rows[0];
  if (!entry) throw new AppError('NOT_FOUND', { key: 'errors.tournaments.entryNotFound' });
  if (isOrganizer(scope)) {
    assertStatus(t, [...STATUSES_BEFORE_PLAY, 'in_progress'], 'errors.tournaments.finishedResultsStand');
  } else if (rows.some((row) => row.userId === scope.actorUserId)) {
    assertStatus(t, STATUSES_BEFORE_PLAY, 'errors.tournaments.startedContactOrganiser');
  } else {
    throw new AppError('FORBIDDEN', { key: 'errors.tournaments.onlyOwnEntryWithdrawn' });
  }
  await tx.delete(tournamentEntry).where(and(eq(tournamentEntry.id, entry.id), eq(tournamentEntry.tournamentId, t.id)));
  // A place that comes free before play goes to the first who waits (decision 0427).
  await fillFromWaitingList(deps, scope, t);
  // A player withdrawn during play takes their highlights out of the public feed with their scores.
  await withdrawFeedItems(deps, scope, { entryHighlights: { tournamentId: t.id, entryId: entry.id } }, 'corrected');
  await recordChange(deps, scope, t, { type: 'entries' });
  return { ok: true };
}
