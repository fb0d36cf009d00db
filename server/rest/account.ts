import { Router } from 'express';
import type { Deps } from '../deps';
import { body, procedure } from './respond';

export function accountRoutes(deps: Deps): Router {
  const r = Router();
  r.get('/account/emails', procedure(deps, (c) => c.account.emails()));
  r.post('/account/emails', procedure(deps, (c, req) => c.account.addEmail(body(req) as never)));
  r.post('/account/emails/confirm', procedure(deps, (c, req) => c.account.confirmEmail(body(req) as never)));
  // The address is the path segment, URL-encoded; Express decodes it.
  r.delete('/account/emails/:email', procedure(deps, (c, req) => c.account.removeEmail({ email: req.params.email as string })));
  r.post('/account/merge/request', procedure(deps, (c, req) => c.account.requestMerge(body(req) as never)));
  r.post('/account/merge/confirm', procedure(deps, (c, req) => c.account.confirmMerge(body(req) as never)));
  r.patch('/account/profile', procedure(deps, (c, req) => c.account.updateProfile(body(req) as never)));
  return r;
}
