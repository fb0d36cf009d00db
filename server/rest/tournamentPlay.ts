import { Router } from 'express';
import type { Deps } from '../deps';

export function tournamentPlayRoutes(_deps: Deps): Router {
  const r = Router();
  return r;
}
