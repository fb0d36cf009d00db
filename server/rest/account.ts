import { Router } from 'express';
import type { Deps } from '../deps';

export function accountRoutes(_deps: Deps): Router {
  const r = Router();
  return r;
}
