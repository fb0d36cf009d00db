import type { IncomingMessage } from 'node:http';
import type { WebSocket } from 'ws';
import { readSessionCookie } from '../auth/cookie';
import { sha256 } from '../auth/tokens';
import type { Config } from '../config';
import { clientAddress } from '../http/client-address';
import { TOO_MANY_SOCKETS_CLOSE_CODE } from '../../shared/live';

/** Said with the close code; at most 123 bytes, as a close frame allows. */
const TOO_MANY_SOCKETS_REASON = 'For mange samtidige forbindelser';

export interface SocketLimits {
  /**
   * Counts an accepted socket against its client address and its session cookie, or closes it at once with
   * TOO_MANY_SOCKETS_CLOSE_CODE when either already holds its maximum. Returns whether it was admitted.
   */
  admit(socket: WebSocket, req: Pick<IncomingMessage, 'headers' | 'socket'>): boolean;
  /** Open sockets by client address, for tests and metrics. */
  openFrom(address: string): number;
}

/**
 * Open WebSockets per client address (after TRUST_PROXY) and per session cookie, in this process. Each socket
 * holds memory and a share of every broadcast: without a bound, one client could open thousands (300 from
 * one address with one cookie were all accepted). A club's wifi on a competition morning is one address for
 * a whole field and its spectators, so the address bound is generous; a person has a phone, a laptop and a
 * few tabs, so the session bound is small. The bounds are per instance: behind a load balancer, a client's
 * sockets spread over the instances count on each separately.
 */
export function createSocketLimits(
  config: Pick<Config, 'trustProxy' | 'liveSocketsPerAddress' | 'liveSocketsPerSession'>,
): SocketLimits {
  const byAddress = new Map<string, number>();
  const bySession = new Map<string, number>();
  const take = (counts: Map<string, number>, key: string) => counts.set(key, (counts.get(key) ?? 0) + 1);
  const giveBack = (counts: Map<string, number>, key: string) => {
    const left = (counts.get(key) ?? 1) - 1;
    if (left === 0) counts.delete(key);
    else counts.set(key, left);
  };

  return {
    admit(socket, req) {
      const address = clientAddress(req, config.trustProxy);
      const token = readSessionCookie(req.headers.cookie);
      const session = token ? sha256(token) : null;
      const full =
        (byAddress.get(address) ?? 0) >= config.liveSocketsPerAddress ||
        (session !== null && (bySession.get(session) ?? 0) >= config.liveSocketsPerSession);
      if (full) {
        socket.close(TOO_MANY_SOCKETS_CLOSE_CODE, TOO_MANY_SOCKETS_REASON);
        return false;
      }
      take(byAddress, address);
      if (session !== null) take(bySession, session);
      socket.once('close', () => {
        giveBack(byAddress, address);
        if (session !== null) giveBack(bySession, session);
      });
      return true;
    },
    openFrom: (address) => byAddress.get(address) ?? 0,
  };
}
