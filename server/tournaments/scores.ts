import { and, eq } from 'drizzle-orm';
import type { ErrorKey } from '../../shared/errors';
import { isFourBallFormat } from '../../shared/formats';
import type { Queryable } from '../db/client';
import { tournamentCard, tournamentEntryPlayer, tournamentScore } from '../db/schema';
import type { Deps } from '../deps';
import { AppError } from '../errors';
import type { OrgScope } from '../organizations/scope';
import { isAdminRole } from '../organizations/roles';
import { scoreConflict } from '../rounds/score-write';
import { tournamentScoreHighlight } from '../feed/tournaments';
import { assertStatus, requireTournamentRow, type TournamentRow } from './access';
import {
  assertRound,
  cardEntryOf,
  entryRows,
  findCard,
  lockedCardConflict,
  markerRows,
  relationOf,
  roundRows,
} from './card-access';
import { appendTournamentEvent, publishTournamentEvent } from './events';
import { sentTogether } from '../db/sent-together';

export interface TournamentScoreWrite {
  tournamentId: string;
  entryId: string;
  round: number;
  hole: number;
  /** 1..20, or null to clear the hole. */
  strokes: number | null;
  /** What the phone last saw on the hole (null: empty); undefined: last write wins. */
  previousStrokes?: number | null | undefined;
  /** Four-ball: whose ball (`players[].id`); every other format has one ball an entry. */
  playerId?: string | undefined;
}

/**
 * One hole of one card (tournaments.setScore). Every write holds the tournament's row lock for its short
 * transaction (decision 0411): two phones on one hole are applied one after the other, never interleaved
 * with a signature, an unlock or a status move, and the events commit in id order, which the resumable
 * live leaderboard relies on. A write that leaves the hole as it was (a retry after a lost answer) changes
 * nothing: no event, and the signatures stay. With `previousStrokes`, as on a round (decision 0407), a
 * phone that edits from a value another phone has since changed is told so (409) instead of overwriting it.
 *
 * The lock is held for two round trips and the COMMIT (decision 0702): the lock and every read the checks
 * need go in one flight, the writes in a second. A tournament's scores are written one at a time, so on a
 * busy Saturday the time the lock is held is the tournament's ceiling: with a round trip per check it
 * was ten, and 150 players' phones queued behind it.
 */
export async function setTournamentScore(
  deps: Pick<Deps, 'bus' | 'now'>,
  scope: OrgScope,
  input: TournamentScoreWrite,
): Promise<{ ok: true }> {
  const { tx } = scope;
  const key = { id: input.tournamentId, organizationId: scope.organizationId };
  // PostgreSQL runs a connection's pipelined statements in the order they were sent: every read below runs
  // after the lock is granted and sees what the lock protects, as if each were awaited in turn. The lock's
  // own refusal (404) comes first, and the checks are then made in the order they always were. Every
  // statement settles before any failure is thrown (sentTogether): nothing is left running on the connection.
  const [t, entryFound, markers, rounds, players, card, held] = await sentTogether([
    requireTournamentRow(scope, input.tournamentId, { lock: true }),
    entryRows(tx, key, input.entryId),
    markerRows(tx, key, input.entryId, input.round, scope.actorUserId),
    roundRows(tx, key, input.round),
    input.playerId === undefined ? Promise.resolve([]) : playerBallRows(tx, key, input.entryId, input.playerId),
    findCard(tx, input.entryId, input.round),
    tx
      .select({ ball: tournamentScore.ball, strokes: tournamentScore.strokes })
      .from(tournamentScore)
      .where(
        and(
          eq(tournamentScore.entryId, input.entryId),
          eq(tournamentScore.round, input.round),
          eq(tournamentScore.hole, input.hole),
        ),
      ),
  ]);
  const entry = cardEntryOf(t, entryFound);
  if (!isAdminRole(scope.actorRole) && relationOf(entry, scope.actorUserId, markers).kind === 'none') {
    throw new AppError('FORBIDDEN', {
      key: 'errors.tournaments.onlyPlayerMarkerOrAdminScores',
    });
  }
  assertStatus(t, ['in_progress'], 'errors.tournaments.scoresOnlyInProgress');
  assertRound(rounds, input.round);
  const ball = ballOf(t, input.playerId, players);
  if (card?.lockedAt) throw lockedCardConflict(input.round);

  const current = held.find((score) => score.ball === ball)?.strokes ?? null;
  if (current === input.strokes) return { ok: true };
  if (input.previousStrokes !== undefined && current !== input.previousStrokes)
    throw scoreConflict(input.hole, current);

  const atHole = and(
    eq(tournamentScore.entryId, entry.id),
    eq(tournamentScore.round, input.round),
    eq(tournamentScore.hole, input.hole),
    eq(tournamentScore.ball, ball),
  );
  const updatedAt = deps.now();
  const [, , , eventId] = await sentTogether([
    input.strokes === null
      ? tx.delete(tournamentScore).where(atHole)
      : tx
          .insert(tournamentScore)
          .values({
            entryId: entry.id,
            round: input.round,
            hole: input.hole,
            ball,
            tournamentId: t.id,
            organizationId: t.organizationId,
            strokes: input.strokes,
            updatedAt,
          })
          .onConflictDoUpdate({
            target: [tournamentScore.entryId, tournamentScore.round, tournamentScore.hole, tournamentScore.ball],
            set: { strokes: input.strokes, updatedAt },
          }),
    // A card signed by one of the two no longer shows what was signed: both sign again.
    card && (card.signedByPlayerAt || card.signedByMarkerAt)
      ? tx
          .update(tournamentCard)
          .set({ signedByPlayerAt: null, signedByMarkerAt: null, markerEntryId: null })
          .where(and(eq(tournamentCard.entryId, entry.id), eq(tournamentCard.round, input.round)))
      : null,
    // A hole in one, albatross or eagle goes to the public feed; a correction takes it back (decision 0602).
    tournamentScoreHighlight(deps, scope, t, {
      entryId: entry.id,
      round: input.round,
      hole: input.hole,
      strokes: input.strokes,
      ball,
    }),
    appendTournamentEvent(tx, t, {
      type: 'score',
      entryId: entry.id,
      round: input.round,
      hole: input.hole,
      strokes: input.strokes,
      ...(ball !== 0 ? { ball } : {}),
    }),
  ]);
  scope.afterCommit(() => publishTournamentEvent(deps, t.id, eventId));
  return { ok: true };
}

/** The named player's ball of the entry (four-ball): read with the lock, interpreted by ballOf. */
function playerBallRows(
  tx: Queryable,
  t: Pick<TournamentRow, 'id'>,
  entryId: string,
  playerId: string,
): Promise<{ ball: number }[]> {
  return tx
    .select({ ball: tournamentEntryPlayer.ball })
    .from(tournamentEntryPlayer)
    .where(
      and(
        eq(tournamentEntryPlayer.id, playerId),
        eq(tournamentEntryPlayer.entryId, entryId),
        eq(tournamentEntryPlayer.tournamentId, t.id),
      ),
    );
}

/**
 * The ball a score is for: in four-ball the named player's own (400 without one, or with a player of
 * another entry), and the entry's one ball (0) in every other format, where naming a player is 400.
 */
function ballOf(t: TournamentRow, playerId: string | undefined, players: { ball: number }[]): number {
  if (!isFourBallFormat(t.format)) {
    if (playerId !== undefined) throw ballIssue('errors.tournaments.oneBallPerEntry');
    return 0;
  }
  if (playerId === undefined) throw ballIssue('errors.tournaments.whoseBall');
  const [player] = players;
  if (!player) throw ballIssue('errors.tournaments.playerNotInTeam');
  return player.ball;
}

function ballIssue(key: ErrorKey): AppError {
  return new AppError('INVALID_INPUT', { issues: [{ path: 'playerId', key }] });
}
