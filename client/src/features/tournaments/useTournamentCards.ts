import { skipToken } from '@tanstack/react-query';
import { getQueryKey } from '@trpc/react-query';
import { useCallback, useMemo } from 'react';
// The language at the time of the refusal; the sender lives across language changes.
import { i18n } from '../../i18n';
import { describeApiError } from '../../lib/api-error';
import { SAVED_NAMES } from '../../offline/store';
import { useSavedQuery } from '../../offline/useSavedQuery';
import { useUserId } from '../../session/useSession';
import { trpc } from '../../trpc';
import { connectionOf } from '../../lib/realtime/connection';
import { outboxSender } from '../scorecard/outbox-sender';
import { sendResultOf } from '../scorecard/score-sender';
import { useScoreSender } from '../scorecard/useScoreSender';
import { ballOfKey, heldStrokes, withStrokes } from './card';

/** Signatures write no leaderboard event: the other phone's signature shows within this long. */
const SIGNATURES_REFETCH_MS = 10_000;

/**
 * The tournament scorecard's data (decision 0505): tournaments.cards for my card and my group's; the
 * tournament's live leaderboard (tournaments.onLeaderboard, by slug) as the signal that someone scored, on
 * which the cards are read again; and the round scorecard's sender (../rounds/score-sender.ts) for the
 * scores typed here: each its own request with `previousStrokes`, retried while unanswered, a 409 told as
 * a conflict unless the card turned out locked or play is over (then the server's message). As a round's
 * scorecard, it is kept for playing without network (docs/app.md, "Offline"): the cards' last answer and
 * the outbox are saved in IndexedDB, the cards shown from there when the server cannot be reached, and the
 * outbox read back after a reload or a closed tab.
 */
export function useTournamentCards(input: {
  organizationId: string;
  tournamentId: string;
  round: number;
  slug: string;
  live: boolean;
}) {
  const utils = trpc.useUtils();
  const { client } = utils;
  const { organizationId, tournamentId, round, slug, live } = input;
  const userId = useUserId();
  const cardsName = SAVED_NAMES.tournamentCards(tournamentId, round);
  const outboxName = SAVED_NAMES.tournamentOutbox(tournamentId, round);
  const cardsInput = useMemo(() => ({ organizationId, tournamentId, round }), [organizationId, tournamentId, round]);
  const cards = useSavedQuery({
    // tournaments.cards' own cache entry, which utils.tournaments.cards reads, writes and invalidates below.
    queryKey: getQueryKey(trpc.tournaments.cards, cardsInput, 'query'),
    name: cardsName,
    fetch: () => client.tournaments.cards.query(cardsInput),
    refetchInterval: live ? SIGNATURES_REFETCH_MS : false,
  });

  // Subscribed while play is on (skipToken otherwise).
  const subscription = trpc.tournaments.onLeaderboard.useSubscription(live ? { slug } : skipToken, {
    onData: (event) => {
      // A snapshot comes first on (re)connecting; rows whenever a card on the board changed.
      if (event.data.kind === 'rows' || event.data.kind === 'snapshot')
        void utils.tournaments.cards.invalidate(cardsInput);
    },
  });
  const connection = connectionOf(subscription.status);

  const sender = useMemo(
    () =>
      outboxSender(userId, outboxName, async (operation) => {
        // The outbox keys a score by its ball (card.ts, `ballKey`): the entry, and the player in four-ball.
        const { entryId, playerId } = ballOfKey(operation.participantId);
        try {
          await client.tournaments.setScore.mutate({
            ...cardsInput,
            entryId,
            ...(playerId === null ? {} : { playerId }),
            hole: operation.hole,
            strokes: operation.strokes,
            previousStrokes: operation.previous,
          });
          utils.tournaments.cards.setData(cardsInput, (view) =>
            withStrokes(view, operation.participantId, operation.hole, operation.strokes),
          );
          // A four-ball card's better ball is the server's to count again.
          if (playerId !== null) void utils.tournaments.cards.invalidate(cardsInput);
          return { kind: 'saved' };
        } catch (error) {
          const result = sendResultOf(error);
          if (result.kind === 'unanswered') return result;
          const fresh = await utils.tournaments.cards.fetch(cardsInput, { staleTime: 0 }).catch(() => undefined);
          const card = fresh?.cards.find((c) => c.entryId === entryId);
          if (result.kind === 'conflict' && (card?.locked || !card))
            return {
              kind: 'refused',
              message: describeApiError(error)?.message ?? i18n.t('tournaments.refusal.cardLocked'),
            };
          if (result.kind === 'conflict') {
            // Play may have ended (409 too): then the refusal is the server's message, not a conflict.
            const t = await utils.tournaments.get
              .fetch({ organizationId, tournamentId }, { staleTime: 0 })
              .catch(() => undefined);
            if (t && t.status !== 'in_progress')
              return { kind: 'refused', message: describeApiError(error)?.message ?? '' };
          }
          return result;
        }
      }),
    [client, utils, cardsInput, organizationId, tournamentId, userId, outboxName],
  );
  const { pending, conflicts, error: scoreError } = useScoreSender(sender, connection);

  /** A score typed for a ball (`key` of `ballKey`). */
  const send = useCallback(
    (key: string, hole: number, strokes: number | null) => {
      sender.edit(key, hole, strokes, heldStrokes(utils.tournaments.cards.getData(cardsInput), key, hole));
    },
    [utils, cardsInput, sender],
  );

  const sign = trpc.tournaments.signCard.useMutation({
    onSuccess: (card) => {
      utils.tournaments.cards.setData(
        cardsInput,
        (view) =>
          view && { ...view, cards: view.cards.map((c) => (c.entryId === card.entryId ? { ...c, ...card } : c)) },
      );
      void utils.tournaments.cards.invalidate(cardsInput);
    },
  });

  return { cards, connection, pending, conflicts, dismissConflict: sender.dismissConflict, send, scoreError, sign };
}
