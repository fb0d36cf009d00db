import { Router } from 'express';
import type { Deps } from '../deps';

export function publicRoutes(_deps: Deps): Router {
  const r = Router();
  return r;
}
