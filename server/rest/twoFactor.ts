import { Router } from 'express';
import type { Deps } from '../deps';

export function twoFactorRoutes(_deps: Deps): Router {
  const r = Router();
  return r;
}
