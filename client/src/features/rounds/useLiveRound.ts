import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSubscription } from '@trpc/tanstack-react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { RoundView } from '../../../../shared/schemas/rounds';
import { describeApiError } from '../../lib/api-error';
import { useTRPC } from '../../trpc';
import { confirmSent, withUnsent, type UnsentScores } from './scorecard';

export type Connection = 'connecting' | 'live' | 'offline';

const RETRY_UNSENT_MS = 5_000;

/**
 * One round, kept current: rounds.get for the first picture, then rounds.onUpdate over the WebSocket, each
 * update carrying the round as it now stands. Scores typed while the connection is down are kept (and
 * shown) until the server has them; they are sent again when the connection is back, so nothing is lost.
 */
export function useLiveRound(roundId: string) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const key = trpc.rounds.get.queryKey({ roundId });
  const round = useQuery(trpc.rounds.get.queryOptions({ roundId }));
  const [unsent, setUnsent] = useState<UnsentScores>({});
  const unsentRef = useRef(unsent);
  unsentRef.current = unsent;
  const [scoreError, setScoreError] = useState<string | null>(null);

  const store = useCallback((view: RoundView) => queryClient.setQueryData(key, view), [queryClient, key]);

  const subscription = useSubscription(
    trpc.rounds.onUpdate.subscriptionOptions(
      { roundId },
      {
        enabled: round.data !== undefined,
        onData: (event) => {
          if (event.data.round) store(event.data.round);
        },
      },
    ),
  );
  const connection: Connection = subscription.status === 'pending' ? 'live' : subscription.status === 'error' ? 'offline' : 'connecting';

  const setScore = useMutation(trpc.rounds.setScore.mutationOptions());

  const send = useCallback(
    (participantId: string, hole: number, strokes: number | null) => {
      setUnsent((u) => withUnsent(u, participantId, hole, strokes));
      setScore.mutate(
        { roundId, participantId, hole, strokes },
        {
          onSuccess: (view) => {
            store(view);
            setUnsent((u) => confirmSent(u, participantId, hole, strokes));
            setScoreError(null);
          },
          onError: (error) => {
            const view = describeApiError(error);
            // A refusal (finished round, not allowed) will not change by trying again: undo and say why.
            if (view && view.code !== 'NETWORK' && view.code !== 'INTERNAL') {
              setUnsent((u) => confirmSent(u, participantId, hole, strokes));
              setScoreError(Object.values(view.fields)[0] ?? view.message);
            }
          },
        },
      );
    },
    [roundId, setScore, store],
  );

  // Scores still unsent go again once the connection is back, and every few seconds meanwhile.
  const flush = useCallback(() => {
    for (const [k, strokes] of Object.entries(unsentRef.current)) {
      const [participantId, hole] = k.split(':');
      send(participantId!, Number(hole), strokes);
    }
  }, [send]);
  const hasUnsent = Object.keys(unsent).length > 0;
  useEffect(() => {
    if (connection === 'live' && hasUnsent && !setScore.isPending) flush();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [connection]);
  useEffect(() => {
    if (!hasUnsent) return;
    const timer = window.setInterval(() => {
      if (!setScore.isPending) flush();
    }, RETRY_UNSENT_MS);
    return () => window.clearInterval(timer);
  }, [hasUnsent, flush, setScore.isPending]);

  const finish = useMutation(trpc.rounds.finish.mutationOptions({ onSuccess: store }));

  return { round, connection, unsent, send, scoreError, finish };
}
