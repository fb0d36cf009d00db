import { Router } from 'express';
import type { Deps } from '../deps';

export function coursesRoutes(_deps: Deps): Router {
  const r = Router();
  return r;
}
