import { skipToken, useQuery } from '@tanstack/react-query';
import { getQueryKey } from '@trpc/react-query';
import { useCallback, useEffect, useMemo } from 'react';
import type { RoundView } from '../../../../shared/schemas/rounds';
import { answerOrSaved, savedRound, saveRound } from '../../offline/store';
import { useUserId } from '../../session/useSession';
import { trpc } from '../../trpc';
import { applyUpdate } from './live-update';
import { serverStrokes } from '../scorecard/pending-scores';
import { connectionOf, type Connection } from '../../lib/realtime/connection';
import { outboxSender } from '../scorecard/outbox-sender';
import { sendResultOf } from '../scorecard/score-sender';
import { useScoreSender } from '../scorecard/useScoreSender';

export type { Connection };

/**
 * One round, kept current: rounds.get for the first picture, then rounds.onUpdate over the WebSocket, whose
 * updates carry the whole round or a patch of what scores changed (./live-update.ts). The query cache holds
 * the RoundView, and IndexedDB its last copy (../../offline/store.ts), shown when the server cannot be
 * reached. Scores are sent one request each, in the order typed, by a sender of their own
 * (./score-sender.ts) whose outbox is saved in IndexedDB too: typed scores are shown until the server has
 * them, kept through a reload or a closed tab, sent again when the connection is back and every few
 * seconds meanwhile, and written only over the value this phone saw (409 otherwise: the player is told, and
 * sees the newer value).
 */
export function useLiveRound(roundId: string) {
  const utils = trpc.useUtils();
  const { client } = utils;
  const userId = useUserId();
  const round = useQuery({
    // rounds.get's own cache entry (what utils.rounds.get reads and writes), with a query function of its own:
    // no answer at all (offline) gives the copy saved the last time the round was shown here.
    queryKey: getQueryKey(trpc.rounds.get, { roundId }, 'query'),
    queryFn: () =>
      answerOrSaved(
        () => client.rounds.get.query({ roundId }),
        () => savedRound(userId, roundId),
      ),
    // Asked even while the browser says it is offline, so that the saved copy shows at once.
    networkMode: 'always',
  });
  useEffect(() => {
    if (round.data && userId) void saveRound(userId, round.data).catch(() => undefined);
  }, [round.data, userId]);

  const store = useCallback((view: RoundView) => utils.rounds.get.setData({ roundId }, view), [utils, roundId]);

  // Subscribed once the round has its first picture (skipToken until then).
  const subscription = trpc.rounds.onUpdate.useSubscription(round.data !== undefined ? { roundId } : skipToken, {
    onData: (event) => {
      const next = applyUpdate(utils.rounds.get.getData({ roundId }), event.data);
      if (next) store(next);
    },
  });
  const connection: Connection = connectionOf(subscription.status);

  const sender = useMemo(
    () =>
      outboxSender(userId, roundId, async (operation) => {
        try {
          const view = await client.rounds.setScore.mutate({
            roundId,
            participantId: operation.participantId,
            hole: operation.hole,
            strokes: operation.strokes,
            previousStrokes: operation.previous,
          });
          store(view);
          return { kind: 'saved' };
        } catch (error) {
          const result = sendResultOf(error);
          // The hole holds a newer value than this phone knew: read the round again to show it.
          if (result.kind !== 'unanswered') void utils.rounds.get.invalidate({ roundId });
          return result;
        }
      }),
    [client, utils, roundId, store, userId],
  );
  const { pending, conflicts, error: scoreError } = useScoreSender(sender, connection);

  const send = useCallback(
    (participantId: string, hole: number, strokes: number | null) => {
      sender.edit(
        participantId,
        hole,
        strokes,
        serverStrokes(utils.rounds.get.getData({ roundId }), participantId, hole),
      );
    },
    [utils, roundId, sender],
  );

  const finish = trpc.rounds.finish.useMutation({ onSuccess: store });

  return { round, connection, pending, conflicts, dismissConflict: sender.dismissConflict, send, scoreError, finish };
}
