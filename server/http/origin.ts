import type { Config } from '../config';
import { AppError } from '../errors';

/** The names of this machine: a browser opened on one of them is the same service as on another. */
const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * Whether a request's Origin is ours (docs/contract.md section 1). Outside production, the loopback names stand in
 * for each other: the app opened at http://127.0.0.1:3000 works when PUBLIC_URL says http://localhost:3000
 * (decision 0018). No Origin at all (a non-browser client) is not a cross-site request.
 */
export function isOwnOrigin(config: Pick<Config, 'publicOrigin' | 'nodeEnv'>, origin: string | undefined): boolean {
  if (origin === undefined || origin === config.publicOrigin) return true;
  return config.nodeEnv !== 'production' && isLoopbackAlias(config.publicOrigin, origin);
}

/** The refusal of a foreign Origin; for this machine under another name it says which address to open. */
export function foreignOriginError(config: Pick<Config, 'publicOrigin'>, origin: string | undefined): AppError {
  if (origin !== undefined && isLoopbackAlias(config.publicOrigin, origin)) {
    return new AppError('FORBIDDEN_ORIGIN', {
      key: 'errors.requests.wrongOrigin',
      params: { origin, publicOrigin: config.publicOrigin },
    });
  }
  return new AppError('FORBIDDEN_ORIGIN');
}

/** Same scheme and port, both hosts loopback names, and not the same origin. */
function isLoopbackAlias(publicOrigin: string, origin: string): boolean {
  let ours: URL;
  let theirs: URL;
  try {
    ours = new URL(publicOrigin);
    theirs = new URL(origin);
  } catch {
    return false;
  }
  return (
    ours.protocol === theirs.protocol &&
    ours.port === theirs.port &&
    LOOPBACK_HOSTS.has(ours.hostname) &&
    LOOPBACK_HOSTS.has(theirs.hostname) &&
    ours.origin !== theirs.origin
  );
}
