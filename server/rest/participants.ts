import { Router } from 'express';
import type { Deps } from '../deps';
import { procedure } from './respond';

export function participantsRoutes(deps: Deps): Router {
  const r = Router();
  r.get('/participants/search', procedure(deps, (caller, req) => caller.participants.search({ q: req.query.q } as never)));
  return r;
}
