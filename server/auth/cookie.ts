import type { IncomingMessage } from 'node:http';
import type { TLSSocket } from 'node:tls';
import { parse, serialize } from 'cookie';
import { SESSION_COOKIE } from './session-token';

/**
 * docs/access.md section 5: https when the connection is TLS or `x-forwarded-proto`, trimmed and compared
 * case-insensitively, is `https`. The header is trusted because the service sits behind a TLS proxy.
 */
export function isHttpsRequest(req: Pick<IncomingMessage, 'headers' | 'socket'>): boolean {
  if ((req.socket as TLSSocket | undefined)?.encrypted) return true;
  const forwarded = req.headers['x-forwarded-proto'];
  const value = Array.isArray(forwarded) ? forwarded.join(',') : forwarded;
  return typeof value === 'string' && value.trim().toLowerCase() === 'https';
}

export function readSessionCookie(cookieHeader: string | undefined): string | null {
  if (!cookieHeader) return null;
  const value = parse(cookieHeader)[SESSION_COOKIE];
  return value ? value : null;
}

export function sessionCookie(token: string, maxAgeSeconds: number, secure: boolean): string {
  return serialize(SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: 'lax',
    path: '/',
    maxAge: maxAgeSeconds,
    secure,
  });
}

export function clearedSessionCookie(secure: boolean): string {
  return serialize(SESSION_COOKIE, '', {
    httpOnly: true,
    sameSite: 'lax',
    path: '/',
    maxAge: 0,
    expires: new Date(0),
    secure,
  });
}
