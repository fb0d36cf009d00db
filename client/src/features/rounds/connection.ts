import type { Language } from '../../../../shared/values';
import { i18n } from '../../i18n';

/** A live subscription's state as the scorecards show it (round and tournament alike). */
export type Connection = 'connecting' | 'live' | 'offline';

/** The connection in the reader's language: "Direkte", "Live". */
export function connectionText(connection: Connection, language: Language = 'nb'): string {
  return i18n.getFixedT(language)(`rounds.connection.${connection}`);
}

/** The Norwegian texts, for the screens not yet on message keys (chat, tournaments); use connectionText. */
export const CONNECTION_TEXT: Record<Connection, string> = {
  live: connectionText('live'),
  connecting: connectionText('connecting'),
  offline: connectionText('offline'),
};

/**
 * From @trpc/tanstack-react-query's useSubscription status: `pending` is a running subscription (data may
 * come), `error` a lost one (the client retries), anything else (idle, connecting) not yet live.
 */
export function connectionOf(status: string): Connection {
  return status === 'pending' ? 'live' : status === 'error' ? 'offline' : 'connecting';
}
