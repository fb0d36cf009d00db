import { Router } from 'express';
import type { Deps } from '../deps';
import { procedure, queryParams } from './respond';

/** CONTRACT.md section 9: the public landing endpoints, thin adapters onto public.*. */
export function publicRoutes(deps: Deps): Router {
  const r = Router();
  r.get('/public/tournaments', procedure(deps, (c, req) => c.public.tournaments(queryParams(req, ['q', 'limit', 'cursor']) as never)));
  r.get('/public/tournaments/:slug', procedure(deps, (c, req) => c.public.tournament({ slug: req.params.slug as string })));
  r.get(
    '/public/tournaments/:slug/leaderboard',
    procedure(deps, (c, req) => c.public.leaderboard({ slug: req.params.slug as string, ...queryParams(req, ['division']) } as never)),
  );
  return r;
}
