import { useEffect, useSyncExternalStore } from 'react';
import type { Connection } from './connection';
import type { ScoreSender } from './score-sender';

/**
 * Runs a score sender (./score-sender.ts) while the screen is mounted and answers its state; when the live
 * subscription is (back) up, what is still unsent goes at once rather than at the next retry. The round's
 * and the tournament's scorecards alike.
 */
export function useScoreSender(sender: ScoreSender, connection: Connection) {
  useEffect(() => {
    sender.start();
    return () => sender.stop();
  }, [sender]);
  const state = useSyncExternalStore(sender.subscribe, sender.getState);
  useEffect(() => {
    if (connection === 'live') sender.flush();
  }, [connection, sender]);
  return state;
}
