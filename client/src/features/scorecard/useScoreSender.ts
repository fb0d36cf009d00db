import { useEffect, useSyncExternalStore } from 'react';
import type { Connection } from '../../lib/realtime/connection';
import type { ScoreSender } from './score-sender';

/**
 * Puts a score sender (./score-sender.ts) to work once its screen is shown and answers its state; when the
 * live subscription is (back) up, what is still unsent goes at once rather than at the next retry. The
 * sender goes on after the screen (its waiting scores are sent wherever the player is); the round's and the
 * tournament's scorecards alike.
 */
export function useScoreSender(sender: ScoreSender, connection: Connection) {
  useEffect(() => sender.start(), [sender]);
  const state = useSyncExternalStore(sender.subscribe, sender.getState);
  useEffect(() => {
    if (connection === 'live') sender.flush();
  }, [connection, sender]);
  return state;
}
