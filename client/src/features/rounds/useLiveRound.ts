import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSubscription } from '@trpc/tanstack-react-query';
import { useCallback, useEffect, useMemo } from 'react';
import type { RoundView } from '../../../../shared/schemas/rounds';
import { answerOrSaved, savedRound, saveRound } from '../../offline/store';
import { useUserId } from '../../session/useSession';
import { useTRPC, useTRPCClient } from '../../trpc';
import { applyUpdate } from './live-update';
import { serverStrokes } from './pending-scores';
import { connectionOf, type Connection } from './connection';
import { outboxSender } from './outbox-sender';
import { sendResultOf } from './score-sender';
import { useScoreSender } from './useScoreSender';

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
  const trpc = useTRPC();
  const client = useTRPCClient();
  const queryClient = useQueryClient();
  const userId = useUserId();
  const key = useMemo(() => trpc.rounds.get.queryKey({ roundId }), [trpc, roundId]);
  const round = useQuery({
    ...trpc.rounds.get.queryOptions({ roundId }),
    // No answer at all (offline): the copy saved the last time the round was shown here.
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

  const store = useCallback((view: RoundView) => queryClient.setQueryData(key, view), [queryClient, key]);

  const subscription = useSubscription(
    trpc.rounds.onUpdate.subscriptionOptions(
      { roundId },
      {
        enabled: round.data !== undefined,
        onData: (event) => {
          const next = applyUpdate(queryClient.getQueryData<RoundView>(key), event.data);
          if (next) store(next);
        },
      },
    ),
  );
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
          if (result.kind !== 'unanswered') void queryClient.invalidateQueries({ queryKey: key });
          return result;
        }
      }),
    [client, queryClient, key, roundId, store, userId],
  );
  const { pending, conflicts, error: scoreError } = useScoreSender(sender, connection);

  const send = useCallback(
    (participantId: string, hole: number, strokes: number | null) => {
      sender.edit(
        participantId,
        hole,
        strokes,
        serverStrokes(queryClient.getQueryData<RoundView>(key), participantId, hole),
      );
    },
    [queryClient, key, sender],
  );

  const finish = useMutation(trpc.rounds.finish.mutationOptions({ onSuccess: store }));

  return { round, connection, pending, conflicts, dismissConflict: sender.dismissConflict, send, scoreError, finish };
}
