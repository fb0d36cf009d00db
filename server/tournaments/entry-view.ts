import { and, asc, eq, inArray } from 'drizzle-orm';
import type { EntryView } from '../../shared/schemas/tournaments';
import { indexPlayedOff } from '../handicap/record';
import type { Queryable } from '../db/client';
import {
  appUser,
  tournamentDivision,
  tournamentEntry,
  tournamentEntryAccount,
  tournamentGroup,
  tournamentGroupEntry,
} from '../db/schema';
import type { TournamentRow } from './access';
import { entryHandicaps, indexToPlay, ratingsOfTees, shownCourseHandicap } from './handicaps';
import { teamIndex, teamRecords, teamView } from './team-view';
import { waitingPlaces } from './waiting-list';

/** An entry row with what its view and the start list need: the account's id and current index. */
export interface EntryRecord {
  id: string;
  divisionId: string;
  name: string;
  isGuest: boolean;
  userId: string | null;
  /** The index the entry plays off: frozen, a guest's, or a member's current one (54 without one). */
  handicapIndex: number;
  courseHandicap: number;
  playingHandicap: number;
}

/** The tournament's entries in entry order, with handicaps frozen or, before the freeze, computed now. */
export async function entryRecords(db: Queryable, t: TournamentRow, only?: readonly string[]): Promise<EntryRecord[]> {
  if (only && only.length === 0) return [];
  const rows = await db
    .select({
      id: tournamentEntry.id,
      divisionId: tournamentEntry.divisionId,
      name: tournamentEntry.name,
      isGuest: tournamentEntry.isGuest,
      handicapIndex: tournamentEntry.handicapIndex,
      courseHandicap: tournamentEntry.courseHandicap,
      playingHandicap: tournamentEntry.playingHandicap,
      userId: tournamentEntryAccount.userId,
      memberIndex: indexPlayedOff,
      teeId: tournamentDivision.teeId,
    })
    .from(tournamentEntry)
    .innerJoin(tournamentDivision, eq(tournamentDivision.id, tournamentEntry.divisionId))
    .leftJoin(tournamentEntryAccount, eq(tournamentEntryAccount.entryId, tournamentEntry.id))
    .leftJoin(appUser, eq(appUser.id, tournamentEntryAccount.userId))
    .where(and(eq(tournamentEntry.tournamentId, t.id), only ? inArray(tournamentEntry.id, [...only]) : undefined))
    .orderBy(asc(tournamentEntry.createdAt), asc(tournamentEntry.id));
  const ratings = await ratingsOfTees(
    db,
    rows.map((r) => r.teeId),
  );
  return rows.map((r) => {
    const frozen = r.courseHandicap !== null && r.playingHandicap !== null && r.handicapIndex !== null;
    const handicaps = frozen
      ? { handicapIndex: r.handicapIndex!, courseHandicap: r.courseHandicap!, playingHandicap: r.playingHandicap! }
      : entryHandicaps(indexToPlay(r, r.memberIndex), ratings.get(r.teeId)!, t.allowancePercent);
    return { id: r.id, divisionId: r.divisionId, name: r.name, isGuest: r.isGuest, userId: r.userId, ...handicaps };
  });
}

/**
 * What a start list is made from: each entry (a player, or a team in a team format) with the index it is
 * ordered by, the team's average in a team format.
 */
export async function startListEntries(
  db: Queryable,
  t: TournamentRow,
): Promise<{ id: string; name: string; handicapIndex: number }[]> {
  const waiting = await waitingPlaces(db, t.id);
  const inField = <E extends { id: string }>(entries: E[]) => entries.filter((e) => !waiting.has(e.id));
  if (t.teamSize === 1) return inField(await entryRecords(db, t));
  return inField(await teamRecords(db, t)).map((team) => ({
    id: team.id,
    name: team.name,
    handicapIndex: teamIndex(team.players.map((p) => p.handicapIndex)),
  }));
}

/**
 * Entry as docs/contract.md sections 9 and 12 answer it (to the organization's members: the accounts' ids
 * included): a player's entry, or in a team format the team's.
 */
export async function entryViews(db: Queryable, t: TournamentRow, only?: readonly string[]): Promise<EntryView[]> {
  const records = t.teamSize === 1 ? await entryRecords(db, t, only) : await teamRecords(db, t, only);
  if (records.length === 0) return [];
  const divisions = await db
    .select({ id: tournamentDivision.id, name: tournamentDivision.name })
    .from(tournamentDivision)
    .where(eq(tournamentDivision.tournamentId, t.id));
  const divisionNames = new Map(divisions.map((d) => [d.id, d.name]));
  const placements = await db
    .select({
      entryId: tournamentGroupEntry.entryId,
      round: tournamentGroup.round,
      startsAt: tournamentGroup.startsAt,
      tee: tournamentGroup.tee,
    })
    .from(tournamentGroupEntry)
    .innerJoin(tournamentGroup, eq(tournamentGroup.id, tournamentGroupEntry.groupId))
    .where(
      and(
        eq(tournamentGroupEntry.tournamentId, t.id),
        inArray(
          tournamentGroupEntry.entryId,
          records.map((r) => r.id),
        ),
      ),
    )
    .orderBy(asc(tournamentGroup.round));
  const waiting = await waitingPlaces(db, t.id);
  return records.map((r): EntryView => {
    const division = { id: r.divisionId, name: divisionNames.get(r.divisionId)! };
    const place = waiting.get(r.id);
    const waitlist = place === undefined ? {} : { waitlisted: true as const, waitlistPosition: place };
    const groups = placements
      .filter((p) => p.entryId === r.id)
      .map((p) => ({ round: p.round, startsAt: p.startsAt.toISOString(), tee: p.tee as 1 | 10 }));
    if ('players' in r) return { ...teamView(r, division, groups), ...waitlist };
    return {
      id: r.id,
      division,
      player: { ...(r.userId !== null ? { userId: r.userId } : {}), name: r.name },
      handicapIndex: r.handicapIndex,
      courseHandicap: shownCourseHandicap(r.courseHandicap),
      playingHandicap: r.playingHandicap,
      groups,
      ...waitlist,
    };
  });
}
