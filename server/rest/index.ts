import { Router } from 'express';
import type { Deps } from '../deps';
import { authRoutes } from './auth';

/**
 * The literal REST paths of CONTRACT.md. Each domain file registers its fixed-segment routes before its
 * parameterised ones (`/personal-courses/international-search` before `/personal-courses/:id`).
 */
export function restRoutes(deps: Deps): Router {
  const r = Router();
  r.use(authRoutes(deps));
  return r;
}
