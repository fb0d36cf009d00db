import type { IncomingMessage } from 'node:http';
import { isIP } from 'node:net';
import proxyAddr from 'proxy-addr';

/** Whether the hop at `address` (0 = the socket's peer) is a proxy whose X-Forwarded-For entry we believe. */
export type TrustProxy = (address: string, hop: number) => boolean;

export const TRUST_NO_PROXY: TrustProxy = () => false;

/**
 * The TRUST_PROXY setting, as Express's `trust proxy` reads it: a number of hops (`1`: the one proxy in front),
 * or a comma-separated list of addresses, subnets and the names `loopback`, `linklocal`, `uniquelocal`.
 * Throws on anything else. `true` (trust every hop) is refused: it lets any client choose its address.
 */
export function parseTrustProxy(value: string): TrustProxy {
  const setting = value.trim();
  if (/^\d+$/.test(setting)) {
    const hops = Number(setting);
    return (_address, hop) => hop < hops;
  }
  if (setting.toLowerCase() === 'true') {
    throw new Error(
      '«true» would let any client choose its own address: give the number of proxies or their addresses',
    );
  }
  const addresses = setting.split(',').map((a) => a.trim());
  if (addresses.some((a) => a === '')) throw new Error('an empty entry in the list of proxy addresses');
  return proxyAddr.compile(addresses);
}

/**
 * The client's address, the one thing every per-IP limit, audit record and verification row keys on: the
 * socket's peer, unless that peer is a trusted proxy, in which case X-Forwarded-For is read from the right
 * through trusted hops only (proxy-addr, as Express does). Untrusted, the header is ignored, so a client cannot
 * pick a fresh address per request. An entry that is no IP address at all (more hops trusted than there are
 * proxies, and a client wrote it) is not taken either.
 */
export function clientAddress(req: Pick<IncomingMessage, 'headers' | 'socket'>, trust: TrustProxy): string {
  const peer = req.socket?.remoteAddress;
  if (!peer) return 'unknown';
  const address = proxyAddr(req as IncomingMessage, trust);
  return isIP(address) ? address : peer;
}
