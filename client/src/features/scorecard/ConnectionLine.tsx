import { useSyncExternalStore } from 'react';
import { useLanguage } from '../../i18n';
import type { Connection } from '../../lib/realtime/connection';

function subscribeToNetwork(onChange: () => void): () => void {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

/** Whether the browser has a network at all (a live socket can look open for a while after it is gone). */
function useOnline(): boolean {
  return useSyncExternalStore(subscribeToNetwork, () => navigator.onLine);
}

/**
 * The scorecard's connection, honestly: "Frakoblet" whenever the browser has no network or the live
 * connection is lost, with the number of scores waiting in the outbox to be sent.
 */
export function ConnectionLine({ connection, waiting }: { connection: Connection; waiting: number }) {
  const online = useOnline();
  const shown: Connection = online ? connection : 'offline';
  const offline = shown === 'offline';
  const { t } = useLanguage();
  return (
    <p role="status" aria-live="polite">
      <span className={`conn ${shown}`} data-testid="connection">
        {offline ? t('rounds.offline') : t(`connection.${shown}`)}
      </span>
      {waiting > 0 ? (
        <span className={offline ? 'small' : 'small muted'} data-testid="waiting-scores">
          {' '}
          · {t(offline ? 'rounds.waitingOffline' : 'rounds.waitingScores', { count: waiting })}
        </span>
      ) : null}
    </p>
  );
}
