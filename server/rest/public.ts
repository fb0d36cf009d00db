import { Router, type Request, type RequestHandler } from 'express';
import type { Deps } from '../deps';
import { encodedJsonOf } from '../tournaments/cache';
import { createContextFor } from '../trpc/context';
import { createCaller } from '../trpc/router';
import { procedure, queryParams, sendError } from './respond';

/**
 * As `procedure`, for an answer the domain hands out from its cache (the same object until the next
 * change): its JSON bytes (and their gzip, for a reader who accepts it) are made once, not per request. The public page is the service's most read answer.
 */
function cachedAnswer(deps: Deps, call: (caller: ReturnType<typeof createCaller>, req: Request) => Promise<object>): RequestHandler {
  return async (req, res) => {
    const caller = createCaller(createContextFor(deps, req, { response: res }));
    try {
      const encoded = encodedJsonOf(await call(caller, req));
      const gzip = /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''));
      const bytes = gzip ? encoded.gzip() : encoded.identity;
      res.status(200).setHeader('Content-Type', 'application/json; charset=utf-8');
      res.setHeader('Vary', 'Accept-Encoding');
      if (gzip) res.setHeader('Content-Encoding', 'gzip');
      res.setHeader('Content-Length', bytes.length);
      res.end(bytes);
    } catch (error) {
      sendError(deps, req, res, error);
    }
  };
}

/** CONTRACT.md section 9: the public landing endpoints, thin adapters onto public.*. */
export function publicRoutes(deps: Deps): Router {
  const r = Router();
  r.get('/public/tournaments', procedure(deps, (c, req) => c.public.tournaments(queryParams(req, ['q', 'limit', 'cursor']) as never)));
  r.get('/public/tournaments/:slug', cachedAnswer(deps, (c, req) => c.public.tournament({ slug: req.params.slug as string })));
  r.get(
    '/public/tournaments/:slug/leaderboard',
    procedure(deps, (c, req) => c.public.leaderboard({ slug: req.params.slug as string, ...queryParams(req, ['division']) } as never)),
  );
  r.get(
    '/public/tournaments/:slug/entries/:entryId/card',
    procedure(deps, (c, req) => c.public.card({ slug: req.params.slug as string, entryId: req.params.entryId as string })),
  );
  return r;
}
