import { and, asc, eq, inArray } from 'drizzle-orm';
import { HOLES_PER_TOURNAMENT_ROUND, type TournamentCardsView } from '../../shared/schemas/tournaments';
import {
  tournamentCard,
  tournamentDivision,
  tournamentEntry,
  tournamentEntryAccount,
  tournamentGroup,
  tournamentGroupEntry,
  tournamentScore,
  tee,
} from '../db/schema';
import { allocateStrokes, countingBalls } from '../golf';
import { isFourBallFormat } from '../../shared/formats';
import type { OrgScope } from '../organizations/scope';
import { isAdminRole } from '../organizations/roles';
import { requireTournamentRow } from './access';
import { requireTournamentRound } from './card-access';
import { tournamentHoles } from './holes';
import { teamPlayersOf } from './team-view';
import { inField } from './waiting-list';
import type { Deps } from '../deps';

export interface CardsRequest {
  tournamentId: string;
  round: number;
}

/**
 * tournaments.cards: the hole-by-hole cards of one round that the caller may keep (the app's tournament
 * scorecard, decision 0505). An entrant gets their own card and those of the others in their group that
 * round (the players they mark, as setScore and signCard decide it: card-access.ts); an owner or admin
 * gets every entry's card (to follow play and unlock a signed card); any other member gets none. Each card
 * carries the strokes, the strokes received per hole from the playing handicap (frozen at `in_progress`,
 * 0 before), and its signatures. Reads only, in the organization's tenancy transaction.
 */
export async function listCards(_deps: Deps, scope: OrgScope, input: CardsRequest): Promise<TournamentCardsView> {
  const { tx } = scope;
  const t = await requireTournamentRow(scope, input.tournamentId);
  await requireTournamentRound(tx, t, input.round);

  const holes = (await tournamentHoles(tx, t.id)).map(({ number, ...h }) => ({ hole: number, ...h }));

  const [mine] = await tx
    .select({ entryId: tournamentEntryAccount.entryId })
    .from(tournamentEntryAccount)
    .where(and(eq(tournamentEntryAccount.tournamentId, t.id), eq(tournamentEntryAccount.userId, scope.actorUserId)))
    .limit(1);
  const myEntryId = mine?.entryId ?? null;

  let group: TournamentCardsView['group'] = null;
  let entryIds: string[] | 'all' = myEntryId ? [myEntryId] : [];
  let groupIds: string[] = [];
  if (myEntryId) {
    const [g] = await tx
      .select({ id: tournamentGroup.id, startsAt: tournamentGroup.startsAt, tee: tournamentGroup.tee })
      .from(tournamentGroupEntry)
      .innerJoin(tournamentGroup, eq(tournamentGroup.id, tournamentGroupEntry.groupId))
      .where(and(eq(tournamentGroupEntry.entryId, myEntryId), eq(tournamentGroupEntry.round, input.round)))
      .limit(1);
    if (g) {
      group = { startsAt: g.startsAt.toISOString(), tee: g.tee === 10 ? 10 : 1 };
      const mates = await tx
        .select({ entryId: tournamentGroupEntry.entryId })
        .from(tournamentGroupEntry)
        .where(eq(tournamentGroupEntry.groupId, g.id));
      groupIds = mates.map((m) => m.entryId).filter((id) => id !== myEntryId);
      entryIds = [myEntryId, ...groupIds];
    }
  }
  if (isAdminRole(scope.actorRole)) entryIds = 'all';
  if (entryIds !== 'all' && entryIds.length === 0) return { round: input.round, holes, group, myEntryId, cards: [] };

  const entryFilter = entryIds === 'all' ? inField(t.id) : and(inField(t.id), inArray(tournamentEntry.id, entryIds));
  const entries = await tx
    .select({
      id: tournamentEntry.id,
      name: tournamentEntry.name,
      playingHandicap: tournamentEntry.playingHandicap,
      divisionId: tournamentDivision.id,
      divisionName: tournamentDivision.name,
      lengths: tee.lengths,
    })
    .from(tournamentEntry)
    .innerJoin(tournamentDivision, eq(tournamentDivision.id, tournamentEntry.divisionId))
    .innerJoin(tee, eq(tee.id, tournamentDivision.teeId))
    .where(entryFilter)
    .orderBy(asc(tournamentEntry.createdAt), asc(tournamentEntry.id));
  const ids = entries.map((e) => e.id);
  // Scores and signatures are both keyed by the card: these entries, this round.
  const onTheseCards = (rows: typeof tournamentScore | typeof tournamentCard) =>
    and(eq(rows.tournamentId, t.id), eq(rows.round, input.round), inArray(rows.entryId, ids));
  const scores = ids.length
    ? await tx
        .select({
          entryId: tournamentScore.entryId,
          hole: tournamentScore.hole,
          strokes: tournamentScore.strokes,
          ball: tournamentScore.ball,
        })
        .from(tournamentScore)
        .where(onTheseCards(tournamentScore))
    : [];
  const players = await teamPlayersOf(tx, { tournamentId: t.id, entryIds: ids });
  const fourBall = isFourBallFormat(t.format);
  const cards = ids.length ? await tx.select().from(tournamentCard).where(onTheseCards(tournamentCard)) : [];

  const strokeIndexes = holes.map((h) => h.strokeIndex);
  // The group's order on a player's phone: me first, then my group as the start list has it.
  const order =
    entryIds === 'all'
      ? [
          ...(myEntryId ? [myEntryId] : []),
          ...groupIds,
          ...ids.filter((id) => id !== myEntryId && !groupIds.includes(id)),
        ]
      : entryIds;
  const byId = new Map(entries.map((e) => [e.id, e]));
  return {
    round: input.round,
    holes,
    group,
    myEntryId,
    cards: order
      .map((id) => byId.get(id))
      .filter((e) => e !== undefined)
      .map((e) => {
        const strokesOf = (ball: number) => {
          const strokes = Array.from<number | null>({ length: HOLES_PER_TOURNAMENT_ROUND }).fill(null);
          for (const s of scores) if (s.entryId === e.id && s.ball === ball) strokes[s.hole - 1] = s.strokes;
          return strokes;
        };
        const team = players.filter((p) => p.entryId === e.id);
        // Four-ball: each player's ball off their own handicap; the card shows the one that counted.
        const balls = fourBall
          ? team.map((p) => ({
              playerId: p.id,
              name: p.name,
              playingHandicap: p.playingHandicap ?? 0,
              strokes: strokesOf(p.ball),
              strokesReceived: allocateStrokes(p.playingHandicap ?? 0, strokeIndexes),
            }))
          : null;
        const counted = balls ? countingBalls(balls) : null;
        const card = cards.find((c) => c.entryId === e.id);
        return {
          entryId: e.id,
          name: e.name,
          ...(team.length > 0 ? { players: team.map((p) => p.name) } : {}),
          ...(balls ? { balls } : {}),
          division: { id: e.divisionId, name: e.divisionName },
          playingHandicap: e.playingHandicap ?? 0,
          relation: e.id === myEntryId ? 'self' : groupIds.includes(e.id) ? 'marker' : 'admin',
          strokes: counted?.strokes ?? strokesOf(0),
          strokesReceived: counted?.strokesReceived ?? allocateStrokes(e.playingHandicap ?? 0, strokeIndexes),
          lengths: Array.from({ length: HOLES_PER_TOURNAMENT_ROUND }, (_, i) => e.lengths?.[i] ?? null),
          signedByPlayer: Boolean(card?.signedByPlayerAt),
          signedByMarker: Boolean(card?.signedByMarkerAt),
          locked: Boolean(card?.lockedAt),
        };
      }),
  };
}
