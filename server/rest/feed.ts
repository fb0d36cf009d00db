import { Router, type Request } from 'express';
import type { Deps } from '../deps';
import { procedure, queryParams } from './respond';

/**
 * Whether a GET /feed is a browser opening the app's feed page rather than an API client reading the feed
 * (decision 0507): the Accept header names text/html (with a weight above zero) and does not name
 * application/json. `*\/*`, no Accept header, or any mention of JSON is the API.
 */
export function wantsFeedPage(req: Pick<Request, 'get'>): boolean {
  const accept = req.get('accept');
  if (!accept) return false;
  const named = new Set<string>();
  for (const part of accept.split(',')) {
    const [type = '', ...params] = part.split(';').map((s) => s.trim().toLowerCase());
    const q = params.find((p) => p.startsWith('q='));
    if (q !== undefined && !(Number(q.slice(2)) > 0)) continue;
    named.add(type);
  }
  return named.has('text/html') && !named.has('application/json');
}

/** The public feed (CONTRACT.md section 10); sharing a round is in rounds.ts, hiding an item in admin.ts. */
export function feedRoutes(deps: Deps): Router {
  const r = Router();
  const list = procedure(deps, (c, req) => c.feed.list(queryParams(req, ['before', 'limit']) as never));
  r.get('/feed', (req, res, next) => {
    // One address, two answers: caches keep them apart.
    res.vary('Accept');
    // A browser's navigation goes on to the app (the SPA fallback), whose route /feed is the feed page.
    if (wantsFeedPage(req)) return next('router');
    return list(req, res, next);
  });
  return r;
}
