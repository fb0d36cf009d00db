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
import { findCard, lockedCardConflict, relationToCard, requireEntry, requireTournamentRound } from './card-access';
import { appendTournamentEvent, publishTournamentEvent } from './events';

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
 */
export async function setTournamentScore(
  deps: Pick<Deps, 'bus' | 'now'>,
  scope: OrgScope,
  input: TournamentScoreWrite,
): Promise<{ ok: true }> {
  const { tx } = scope;
  const t = await requireTournamentRow(scope, input.tournamentId, { lock: true });
  const entry = await requireEntry(tx, t, input.entryId);
  if (
    !isAdminRole(scope.actorRole) &&
    (await relationToCard(tx, t, entry, input.round, scope.actorUserId)).kind === 'none'
  ) {
    throw new AppError('FORBIDDEN', {
      key: 'errors.tournaments.onlyPlayerMarkerOrAdminScores',
    });
  }
  assertStatus(t, ['in_progress'], 'errors.tournaments.scoresOnlyInProgress');
  await requireTournamentRound(tx, t, input.round);
  const ball = await ballOf(tx, t, entry.id, input.playerId);
  const card = await findCard(tx, entry.id, input.round);
  if (card?.lockedAt) throw lockedCardConflict(input.round);

  const atHole = and(
    eq(tournamentScore.entryId, entry.id),
    eq(tournamentScore.round, input.round),
    eq(tournamentScore.hole, input.hole),
    eq(tournamentScore.ball, ball),
  );
  const [current] = await tx.select({ strokes: tournamentScore.strokes }).from(tournamentScore).where(atHole);
  const held = current?.strokes ?? null;
  if (held === input.strokes) return { ok: true };
  if (input.previousStrokes !== undefined && held !== input.previousStrokes) throw scoreConflict(input.hole, held);

  if (input.strokes === null) {
    await tx.delete(tournamentScore).where(atHole);
  } else {
    const set = { strokes: input.strokes, updatedAt: deps.now() };
    await tx
      .insert(tournamentScore)
      .values({
        entryId: entry.id,
        round: input.round,
        hole: input.hole,
        ball,
        tournamentId: t.id,
        organizationId: t.organizationId,
        ...set,
      })
      .onConflictDoUpdate({
        target: [tournamentScore.entryId, tournamentScore.round, tournamentScore.hole, tournamentScore.ball],
        set,
      });
  }
  // A card signed by one of the two no longer shows what was signed: both sign again.
  if (card && (card.signedByPlayerAt || card.signedByMarkerAt)) {
    await tx
      .update(tournamentCard)
      .set({ signedByPlayerAt: null, signedByMarkerAt: null, markerEntryId: null })
      .where(and(eq(tournamentCard.entryId, entry.id), eq(tournamentCard.round, input.round)));
  }
  // A hole in one, albatross or eagle goes to the public feed; a correction takes it back (decision 0602).
  await tournamentScoreHighlight(deps, scope, t, {
    entryId: entry.id,
    round: input.round,
    hole: input.hole,
    strokes: input.strokes,
    ball,
  });
  const eventId = await appendTournamentEvent(tx, t, {
    type: 'score',
    entryId: entry.id,
    round: input.round,
    hole: input.hole,
    strokes: input.strokes,
    ...(ball !== 0 ? { ball } : {}),
  });
  scope.afterCommit(() => publishTournamentEvent(deps, t.id, eventId));
  return { ok: true };
}

/**
 * The ball a score is for: in four-ball the named player's own (400 without one, or with a player of
 * another entry), and the entry's one ball (0) in every other format, where naming a player is 400.
 */
async function ballOf(tx: Queryable, t: TournamentRow, entryId: string, playerId: string | undefined): Promise<number> {
  if (!isFourBallFormat(t.format)) {
    if (playerId !== undefined) throw ballIssue('errors.tournaments.oneBallPerEntry');
    return 0;
  }
  if (playerId === undefined) throw ballIssue('errors.tournaments.whoseBall');
  const [player] = await tx
    .select({ ball: tournamentEntryPlayer.ball })
    .from(tournamentEntryPlayer)
    .where(
      and(
        eq(tournamentEntryPlayer.id, playerId),
        eq(tournamentEntryPlayer.entryId, entryId),
        eq(tournamentEntryPlayer.tournamentId, t.id),
      ),
    );
  if (!player) throw ballIssue('errors.tournaments.playerNotInTeam');
  return player.ball;
}

function ballIssue(key: ErrorKey): AppError {
  return new AppError('INVALID_INPUT', { issues: [{ path: 'playerId', key }] });
}
