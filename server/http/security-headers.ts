import helmet from 'helmet';
import type { Request, RequestHandler, Response } from 'express';

/**
 * Browser-side defences for every response (helmet):
 * - no page may be framed (`frame-ancestors 'none'`, X-Frame-Options DENY): a framed /login/verify page
 *   could have a victim click "Logg inn" on an attacker's link and work in the attacker's account;
 * - `Referrer-Policy: no-referrer`: the sign-in, confirmation and invitation pages carry tokens in the URL;
 * - a Content-Security-Policy that allows only our own scripts, styles, connections (HTTP and the
 *   WebSocket), images (plus data: for the QR code), web manifest and service worker. Vite's development middleware injects inline
 *   scripts, so in development the policy is left out (`withContentSecurityPolicy: false`);
 * - nosniff, and the cross-origin isolation headers helmet sets by default.
 */
export function securityHeaders(options: { withContentSecurityPolicy: boolean }): RequestHandler {
  const { headers, removed } = helmetHeaders(options);
  return (_req, res, next) => {
    for (const [name, value] of headers) res.setHeader(name, value);
    for (const name of removed) res.removeHeader(name);
    next();
  };
}

/**
 * What helmet sets, worked out once: with no nonce and nothing read from the request its headers are the same
 * for every response, and helmet's fifteen functions per request were a measurable share of a request's CPU
 * (docs/performance.md, `GET /auth/me`). Helmet stays the source of the values.
 */
function helmetHeaders(options: { withContentSecurityPolicy: boolean }): {
  headers: [string, string][];
  removed: string[];
} {
  const headers: [string, string][] = [];
  const removed: string[] = [];
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers.push([name, String(value)]);
      return recorder;
    },
    removeHeader(name: string) {
      removed.push(name);
    },
  };
  let done = false;
  helmetFor(options)({} as Request, recorder as unknown as Response, () => {
    done = true;
  });
  // A helmet that worked asynchronously, or from the request, could not be replayed like this.
  if (!done) throw new Error('helmet did not set its headers synchronously');
  return { headers, removed };
}

function helmetFor(options: { withContentSecurityPolicy: boolean }) {
  return helmet({
    contentSecurityPolicy: options.withContentSecurityPolicy
      ? {
          useDefaults: false,
          directives: {
            defaultSrc: ["'self'"],
            baseUri: ["'self'"],
            connectSrc: ["'self'"],
            fontSrc: ["'self'"],
            formAction: ["'self'"],
            frameAncestors: ["'none'"],
            imgSrc: ["'self'", 'data:'],
            // The installable app: its web manifest and service worker (docs/app.md, "Offline").
            manifestSrc: ["'self'"],
            objectSrc: ["'none'"],
            scriptSrc: ["'self'"],
            scriptSrcAttr: ["'none'"],
            styleSrc: ["'self'"],
            workerSrc: ["'self'"],
          },
        }
      : false,
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'no-referrer' },
  });
}
