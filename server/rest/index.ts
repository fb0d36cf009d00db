import { Router } from 'express';
import type { Deps } from '../deps';
import { restHandler } from './respond';
import { ROUTES } from './routes';

/** The REST route table (routes.ts), mounted in its order. */
export function restRoutes(deps: Deps): Router {
  const r = Router();
  for (const row of ROUTES) r[row.method](row.path, restHandler(deps, row));
  return r;
}
