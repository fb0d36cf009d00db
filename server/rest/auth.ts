import { Router } from 'express';
import type { Deps } from '../deps';
import { procedure } from './respond';

export function authRoutes(deps: Deps): Router {
  const r = Router();
  r.get('/auth/me', procedure(deps, (c) => c.auth.me()));
  return r;
}
