import { Router, type Request } from 'express';
import type { Deps } from '../deps';
import { bodyWithParams, procedure } from './respond';

/** The query string's known parameters only; anything else is ignored, as query strings usually are. */
function query(req: Request, keys: readonly string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of keys) if (req.query[key] !== undefined) out[key] = req.query[key];
  return out;
}

export function adminRoutes(deps: Deps): Router {
  const r = Router();
  r.get('/admin/users', procedure(deps, (c, req) => c.admin.users(query(req, ['q', 'page', 'limit']) as never)));
  r.get('/admin/organizations', procedure(deps, (c, req) => c.admin.organizations(query(req, ['q', 'page', 'limit']) as never)));
  r.post('/admin/users/:user_id/sign-out', procedure(deps, (c, req) => c.admin.signOutUser(bodyWithParams(req, { userId: req.params.user_id as string }) as never)));
  return r;
}
