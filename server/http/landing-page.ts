import type { RequestHandler } from 'express';
import type { Deps } from '../deps';
import { landingHead, withLandingHead } from '../tournaments/landing';

/**
 * GET /t/{slug}: the app's page, with the tournament's head when the tournament is public (see
 * tournaments/landing.ts). `indexHtml` gives the app's index.html as it is served (the built file, or Vite's
 * transformed one in development); null when the app is not built, and the SPA fallback answers instead.
 * Revalidated on every request like index.html, since the name and description can change.
 */
export function landingPage(deps: Deps, indexHtml: (url: string) => Promise<string | null>): RequestHandler {
  return async (req, res, next) => {
    try {
      const html = await indexHtml(req.originalUrl);
      if (html === null) return next();
      const head = await landingHead(deps.db, deps.config.publicUrl, String(req.params.slug));
      res.setHeader('Cache-Control', 'no-cache');
      res.type('html').send(head ? withLandingHead(html, head) : html);
    } catch (error) {
      next(error);
    }
  };
}
