import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { WebSocket } from 'ws';
import { isHttpsRequest, readSessionCookie } from '../auth/cookie';
import { clientAddress } from '../http/client-address';
import type { CookieJar } from '../auth/sessions';
import type { Visitor } from '../actor';
import type { Deps } from '../deps';
import { languageOfAcceptLanguage } from '../../shared/language';
import type { Language } from '../../shared/values';

export interface RequestMeta {
  requestId: string;
  ip: string;
  userAgent: string | null;
  /**
   * The caller's language for error messages and mails (decision 0020): Accept-Language (on a socket, the
   * app's connection parameter), replaced by the account's choice once a session middleware knows the
   * account (server/trpc/init.ts). Mutable for that reason only: the error formatter reads it.
   */
  language: Language;
}

/**
 * One context for HTTP (tRPC and REST) and WebSocket alike: the cookie is read from the request headers
 * in both cases. The session itself is resolved by the access-level middlewares, not here, so public
 * procedures cost no database lookup.
 */
export interface Context {
  deps: Deps;
  meta: RequestMeta;
  sessionToken: string | null;
  cookies: CookieJar;
  /** The WebSocket a subscription runs on (absent over HTTP): live streams watch its send buffer. */
  socket?: WebSocket;
}

/** The caller of a public sign-in procedure (server/actor.ts), in the actor's place. */
export function visitorOf(ctx: Pick<Context, 'cookies' | 'meta'>): Visitor {
  return { jar: ctx.cookies, ip: ctx.meta.ip, language: ctx.meta.language };
}

type RequestLike = Pick<IncomingMessage, 'headers' | 'socket'> & { id?: string };

export function createContextFor(
  deps: Deps,
  req: RequestLike,
  transport: { response?: Pick<ServerResponse, 'appendHeader'>; socket?: WebSocket; language?: Language } = {},
): Context {
  const secure = isHttpsRequest(req);
  return {
    deps,
    meta: {
      requestId: req.id ?? randomUUID(),
      ip: clientAddress(req, deps.config.trustProxy),
      userAgent: typeof req.headers['user-agent'] === 'string' ? req.headers['user-agent'] : null,
      language: transport.language ?? languageOfAcceptLanguage(req.headers['accept-language']),
    },
    sessionToken: readSessionCookie(req.headers.cookie),
    cookies: {
      secure,
      // On a WebSocket there is no response to carry a cookie: procedures that set one are HTTP-only.
      setCookie: (value) => transport.response?.appendHeader('Set-Cookie', value),
    },
    ...(transport.socket ? { socket: transport.socket } : {}),
  };
}
