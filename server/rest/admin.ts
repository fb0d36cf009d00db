import { Router } from 'express';
import type { Deps } from '../deps';
import { bodyWithParams, procedure, queryParams } from './respond';

export function adminRoutes(deps: Deps): Router {
  const r = Router();
  r.get('/admin/users', procedure(deps, (c, req) => c.admin.users(queryParams(req, ['q', 'page', 'limit']) as never)));
  r.get('/admin/organizations', procedure(deps, (c, req) => c.admin.organizations(queryParams(req, ['q', 'page', 'limit']) as never)));
  r.post('/admin/users/:user_id/sign-out', procedure(deps, (c, req) => c.admin.signOutUser(bodyWithParams(req, { userId: req.params.user_id as string }) as never)));
  r.delete('/admin/feed/:item_id', procedure(deps, (c, req) => c.admin.hideFeedItem(bodyWithParams(req, { itemId: req.params.item_id as string }) as never)));
  return r;
}
