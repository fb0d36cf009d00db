import { Router, type Request, type RequestHandler } from 'express';
import type { Deps } from '../deps';
import { jsonOf } from '../tournaments/cache';
import { createContextFor } from '../trpc/context';
import { createCaller } from '../trpc/router';
import { procedure, queryParams, sendError } from './respond';

/**
 * As `procedure`, for an answer the domain hands out from its cache (the same object until the next
 * change): its JSON text is made once, not per request. The public page is the service's most read answer.
 */
function cachedAnswer(deps: Deps, call: (caller: ReturnType<typeof createCaller>, req: Request) => Promise<object>): RequestHandler {
  return async (req, res) => {
    const caller = createCaller(createContextFor(deps, req, { response: res }));
    try {
      const text = jsonOf(await call(caller, req));
      res.status(200).setHeader('Content-Type', 'application/json; charset=utf-8');
      res.end(text);
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
  return r;
}
