import { lastUser } from '../../offline/last-user';
import { senderFor } from '../../offline/senders';
import { outboxStore } from '../../offline/store';
import type { ScoreOperation } from './pending-scores';
import { createScoreSender, type ScoreSender, type SendResult } from './score-sender';

/** How often scores still waiting go again. */
const RETRY_UNSENT_MS = 5_000;

/**
 * The sender of one user's scorecard outbox (a round's id, or a tournament round's name in SAVED_NAMES), as
 * both scorecards use it: one per outbox and tab (../../offline/senders.ts), its outbox kept in IndexedDB,
 * retried every few seconds, and acting only while that user is the one signed in on this browser.
 */
export function outboxSender(
  userId: string,
  outbox: string,
  send: (operation: ScoreOperation) => Promise<SendResult>,
): ScoreSender {
  return senderFor(`${userId}|${outbox}`, () =>
    createScoreSender({
      retryMs: RETRY_UNSENT_MS,
      mayAct: () => lastUser<{ id: string }>()?.id === userId,
      store: outboxStore(userId, outbox),
      send,
    }),
  );
}
