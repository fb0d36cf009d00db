import { Router } from 'express';
import type { Deps } from '../deps';

export function orgsRoutes(_deps: Deps): Router {
  const r = Router();
  return r;
}
