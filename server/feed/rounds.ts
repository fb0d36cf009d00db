import type { FeedItem } from '../../shared/schemas/feed';
import type { BallView, ParticipantView } from '../../shared/schemas/rounds';
import type { Deps } from '../deps';
import { AppError } from '../errors';
import { assertOwner, roundFor, type RoundRow } from '../rounds/access';
import { computeRound } from '../rounds/view';
import { highlightLabel } from './highlights';
import {
  inFeedTransaction,
  findVisibleItem,
  postFeedItem,
  roundHighlightSource,
  withdrawFeedItems,
  type FeedWriter,
} from './items';
import { withText } from './view';
import type { Actor } from '../actor';
import { ROUND_SCORING } from '../../shared/values';

/**
 * Sharing a finished round to the public feed (rounds.share / rounds.unshare, decision 0602): the owner's
 * choice alone (a participant 403, anyone else 404), only once the round is finished (409), both idempotent.
 * Sharing posts the round with its players' totals and, before it, each hole in one, albatross and eagle
 * of it; unsharing takes all of them out of the feed. A round's scores cannot change once it is finished,
 * so what was posted stays true.
 */
const NOT_FINISHED = 'errors.feed.onlyFinishedShared';
const MODERATED = 'errors.feed.hiddenByAdmin';

async function ownFinishedRound(writer: FeedWriter, input: { userId: string; roundId: string }): Promise<RoundRow> {
  // The round's row lock: a share and an unshare of one round happen one after the other.
  const { round, role } = await roundFor(writer.tx, input.roundId, input.userId, { lock: true });
  assertOwner(role);
  if (round.status !== 'finished') throw new AppError('CONFLICT', { key: NOT_FINISHED });
  return round;
}

/** One line of a shared round's result: a player's card, or a one-ball side's ball. */
type ResultCard = Pick<ParticipantView, 'id' | 'name'> & Pick<BallView, 'holes' | 'totals'>;

export async function shareRound(
  deps: Pick<Deps, 'db' | 'bus' | 'now'>,
  actor: Pick<Actor, 'userId' | 'language'>,
  input: { roundId: string },
): Promise<FeedItem> {
  return inFeedTransaction(deps, async (writer) => {
    const row = await ownFinishedRound(writer, { userId: actor.userId, roundId: input.roundId });
    const source = `round:${row.id}:shared`;
    const shared = await findVisibleItem(writer.tx, source);
    if (shared) return withText(shared, actor.language ?? 'nb');

    const { view } = await computeRound(writer.tx, row);
    const stableford = ROUND_SCORING[view.format] === 'stableford';
    const round = { id: view.id, courseName: view.course.name, playedOn: view.playedOn };
    // A one-ball side played one ball: it is one line of the result, named by the side, not one per player.
    const players = view.sides
      .flatMap((s): ResultCard[] =>
        s.ball
          ? [{ id: s.ball.participantId, name: s.name, holes: s.ball.holes, totals: s.ball.totals }]
          : s.participants,
      )
      .filter((p) => p.totals.holesPlayed > 0);
    for (const p of players) {
      for (const h of p.holes) {
        const label = h.strokes === null ? null : highlightLabel(h.par, h.strokes);
        if (!label) continue;
        await postFeedItem(deps, writer, {
          kind: 'highlight',
          source: roundHighlightSource(row.id, p.id, h.hole),
          roundId: row.id,
          payload: {
            round,
            player: { name: p.name },
            highlight: { hole: h.hole, par: h.par, strokes: h.strokes!, label },
          },
        });
      }
    }
    // Best first (fewest strokes, most points), a tie by name: a result, not an entry list.
    const totals = players
      .map((p) => ({ name: p.name, total: stableford ? p.totals.stablefordPoints : p.totals.gross }))
      .sort((a, b) => (stableford ? b.total - a.total : a.total - b.total) || a.name.localeCompare(b.name, 'nb'));
    const item = await postFeedItem(deps, writer, {
      kind: 'round_shared',
      source,
      roundId: row.id,
      payload: { round, players: totals, unit: stableford ? 'points' : 'strokes' },
    });
    if (!item) throw new AppError('CONFLICT', { key: MODERATED });
    return withText(item, actor.language ?? 'nb');
  });
}

export async function unshareRound(
  deps: Pick<Deps, 'db' | 'bus' | 'now'>,
  actor: Pick<Actor, 'userId'>,
  input: { roundId: string },
): Promise<{ ok: true }> {
  return inFeedTransaction(deps, async (writer) => {
    const row = await ownFinishedRound(writer, { userId: actor.userId, roundId: input.roundId });
    await withdrawFeedItems(deps, writer, { roundId: row.id }, 'unshared');
    return { ok: true as const };
  });
}
