import { Router } from 'express';
import type { Deps } from '../deps';
import { procedure, queryParams } from './respond';

/** The public feed (CONTRACT.md section 10); sharing a round is in rounds.ts, hiding an item in admin.ts. */
export function feedRoutes(deps: Deps): Router {
  const r = Router();
  r.get('/feed', procedure(deps, (c, req) => c.feed.list(queryParams(req, ['before', 'limit']) as never)));
  return r;
}
