import { Router } from 'express';
import type { Deps } from '../deps';
import { body, procedure } from './respond';

/**
 * CONTRACT.md section 4, sign-in and session rows: each path is its tRPC procedure. The body is passed on
 * untyped (`as never`): the procedure's strict schema is what validates it.
 */
export function authRoutes(deps: Deps): Router {
  const r = Router();
  r.post('/auth/request-link', procedure(deps, (c, req) => c.auth.requestLink(body(req) as never)));
  r.post('/auth/verify-link', procedure(deps, (c, req) => c.auth.verifyLink(body(req) as never)));
  r.post('/auth/login', procedure(deps, (c, req) => c.auth.login(body(req) as never)));
  r.post('/auth/logout', procedure(deps, (c, req) => c.auth.logout(body(req) as never)));
  r.get('/auth/me', procedure(deps, (c) => c.auth.me()));
  r.post('/auth/password', procedure(deps, (c, req) => c.auth.setPassword(body(req) as never)));
  r.post('/auth/sign-out-everywhere', procedure(deps, (c, req) => c.auth.signOutEverywhere(body(req) as never)));
  return r;
}
