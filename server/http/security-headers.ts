import helmet from 'helmet';
import type { RequestHandler } from 'express';

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
