import { and, asc, eq, inArray } from 'drizzle-orm';
import type { TeamEntryView } from '../../shared/schemas/tournaments';
import { isFourBallFormat } from '../../shared/formats';
import type { OneBallFormat } from '../../shared/values';
import type { Queryable } from '../db/client';
import {
  appUser,
  tournamentDivision,
  tournamentEntry,
  tournamentEntryAccount,
  tournamentEntryPlayer,
} from '../db/schema';
import { courseHandicap, playingHandicap, roundHalfUp, teamPlayingHandicap } from '../golf';
import { indexPlayedOff } from '../handicap/record';
import type { TournamentRow } from './access';
import { indexToPlay, ratingsOfTees, shownCourseHandicap } from './handicaps';

/**
 * A team's entry and its players (docs/contract.md section 12, decision 0426), with handicaps frozen or,
 * before the freeze, computed now from each player's index and the division's tee.
 */
export interface TeamPlayerRecord {
  id: string;
  ball: number;
  name: string;
  isGuest: boolean;
  userId: string | null;
  handicapIndex: number;
  /** Unrounded, as stored when frozen. */
  courseHandicap: number;
  /** Four-ball only: the player's own playing handicap. */
  playingHandicap: number | null;
}

export interface TeamRecord {
  id: string;
  divisionId: string;
  name: string;
  players: TeamPlayerRecord[];
  /** One-ball: the side's team playing handicap; four-ball: the sum of the players' (decision 0426). */
  playingHandicap: number;
}

/**
 * The team's playing handicaps: four-ball, each player's allowance of their own CH and the team's the sum;
 * one ball, GOLF.md's combination of the players' unrounded CHs.
 */
export function teamHandicaps(
  t: Pick<TournamentRow, 'format' | 'allowancePercent'>,
  courseHandicaps: readonly number[],
): { players: (number | null)[]; team: number } {
  if (isFourBallFormat(t.format)) {
    const players = courseHandicaps.map((ch) => playingHandicap(ch, t.allowancePercent));
    return { players, team: players.reduce((sum, ph) => sum + ph, 0) };
  }
  return {
    players: courseHandicaps.map(() => null),
    team: teamPlayingHandicap(t.format as OneBallFormat, courseHandicaps),
  };
}

/** The index a team is placed in a division by: its players' average, to one decimal (decision 0426). */
export function teamIndex(indexes: readonly number[]): number {
  return roundHalfUp(indexes.reduce((sum, index) => sum + index, 0) / indexes.length, 1);
}

/** The default name of a team: the players' surnames, the last word of each name, joined by " / ". */
export function teamNameOf(names: readonly string[]): string {
  return names.map((name) => name.trim().split(/\s+/).at(-1)!).join(' / ');
}

export async function teamRecords(db: Queryable, t: TournamentRow, only?: readonly string[]): Promise<TeamRecord[]> {
  if (only && only.length === 0) return [];
  const entries = await db
    .select({
      id: tournamentEntry.id,
      divisionId: tournamentEntry.divisionId,
      name: tournamentEntry.name,
      playingHandicap: tournamentEntry.playingHandicap,
      teeId: tournamentDivision.teeId,
    })
    .from(tournamentEntry)
    .innerJoin(tournamentDivision, eq(tournamentDivision.id, tournamentEntry.divisionId))
    .where(and(eq(tournamentEntry.tournamentId, t.id), only ? inArray(tournamentEntry.id, [...only]) : undefined))
    .orderBy(asc(tournamentEntry.createdAt), asc(tournamentEntry.id));
  if (entries.length === 0) return [];
  const players = await db
    .select({
      id: tournamentEntryPlayer.id,
      entryId: tournamentEntryPlayer.entryId,
      ball: tournamentEntryPlayer.ball,
      name: tournamentEntryPlayer.name,
      isGuest: tournamentEntryPlayer.isGuest,
      handicapIndex: tournamentEntryPlayer.handicapIndex,
      courseHandicap: tournamentEntryPlayer.courseHandicap,
      playingHandicap: tournamentEntryPlayer.playingHandicap,
      userId: tournamentEntryAccount.userId,
      memberIndex: indexPlayedOff,
    })
    .from(tournamentEntryPlayer)
    .leftJoin(
      tournamentEntryAccount,
      and(
        eq(tournamentEntryAccount.entryId, tournamentEntryPlayer.entryId),
        eq(tournamentEntryAccount.ball, tournamentEntryPlayer.ball),
      ),
    )
    .leftJoin(appUser, eq(appUser.id, tournamentEntryAccount.userId))
    .where(
      and(
        eq(tournamentEntryPlayer.tournamentId, t.id),
        inArray(
          tournamentEntryPlayer.entryId,
          entries.map((e) => e.id),
        ),
      ),
    )
    .orderBy(asc(tournamentEntryPlayer.ball));
  const ratings = await ratingsOfTees(
    db,
    entries.map((e) => e.teeId),
  );
  return entries.map((entry) => {
    const own = players.filter((p) => p.entryId === entry.id);
    const frozen = entry.playingHandicap !== null && own.every((p) => p.courseHandicap !== null);
    const indexes = own.map((p) => (frozen ? p.handicapIndex! : indexToPlay(p, p.memberIndex)));
    const courseHandicaps = own.map((p, i) =>
      frozen ? p.courseHandicap! : courseHandicap(indexes[i]!, ratings.get(entry.teeId)!),
    );
    const computed = teamHandicaps(t, courseHandicaps);
    return {
      id: entry.id,
      divisionId: entry.divisionId,
      name: entry.name,
      playingHandicap: frozen ? entry.playingHandicap! : computed.team,
      players: own.map((p, i) => ({
        id: p.id,
        ball: p.ball,
        name: p.name,
        isGuest: p.isGuest,
        userId: p.userId,
        handicapIndex: indexes[i]!,
        courseHandicap: courseHandicaps[i]!,
        playingHandicap: frozen ? p.playingHandicap : computed.players[i]!,
      })),
    };
  });
}

/**
 * The team players of a tournament, or of some of its entries, in their order on their teams: what a public
 * page may show (name, frozen handicaps) with the ball each one plays. No account: that is the club's alone.
 */
export async function teamPlayersOf(
  db: Queryable,
  of: { tournamentId: string; entryIds?: readonly string[] | undefined },
): Promise<(typeof tournamentEntryPlayer.$inferSelect)[]> {
  if (of.entryIds?.length === 0) return [];
  return db
    .select()
    .from(tournamentEntryPlayer)
    .where(
      and(
        eq(tournamentEntryPlayer.tournamentId, of.tournamentId),
        of.entryIds ? inArray(tournamentEntryPlayer.entryId, [...of.entryIds]) : undefined,
      ),
    )
    .orderBy(asc(tournamentEntryPlayer.entryId), asc(tournamentEntryPlayer.ball));
}

/** TeamEntry as the organization's members read it; `placements` are the entries' start-list places. */
export function teamView(
  record: TeamRecord,
  division: { id: string; name: string },
  groups: TeamEntryView['groups'],
): TeamEntryView {
  return {
    id: record.id,
    division,
    name: record.name,
    players: record.players.map((p) => ({
      id: p.id,
      ...(p.userId !== null ? { userId: p.userId } : {}),
      name: p.name,
      handicapIndex: p.handicapIndex,
      courseHandicap: shownCourseHandicap(p.courseHandicap),
      ...(p.playingHandicap !== null ? { playingHandicap: p.playingHandicap } : {}),
    })),
    playingHandicap: record.playingHandicap,
    groups,
  };
}
