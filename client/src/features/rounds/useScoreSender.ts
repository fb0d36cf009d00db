import { useEffect, useSyncExternalStore } from 'react';
import type { Connection } from './connection';
import type { ScoreSender } from './score-sender';

/**
 * Runs a score sender (./score-sender.ts) while the screen is mounted and answers its state; when the live
 * subscription is (back) up or the browser is online again, what is still unsent goes at once rather than
 * at the next retry. The round's
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
  // The browser has network again: the outbox goes at once, whatever the live socket says.
  useEffect(() => {
    window.addEventListener('online', sender.flush);
    return () => window.removeEventListener('online', sender.flush);
  }, [sender]);
  return state;
}
