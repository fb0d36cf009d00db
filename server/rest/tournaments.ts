import { Router } from 'express';
import type { Deps } from '../deps';

export function tournamentsRoutes(_deps: Deps): Router {
  const r = Router();
  return r;
}
