import { Router } from 'express';
import type { Deps } from '../deps';
import { body, procedure } from './respond';

/**
 * CONTRACT.md section 4, the /auth/2fa rows: each path is its twoFactor procedure. The body is passed on
 * untyped (`as never`): the procedure's strict schema is what validates it.
 */
export function twoFactorRoutes(deps: Deps): Router {
  const r = Router();
  r.post('/auth/2fa/verify', procedure(deps, (c, req) => c.twoFactor.verify(body(req) as never)));
  r.post('/auth/2fa/email/send', procedure(deps, (c, req) => c.twoFactor.sendEmailCode(body(req) as never)));
  r.post('/auth/2fa/totp/setup', procedure(deps, (c, req) => c.twoFactor.totpSetup(body(req) as never)));
  r.post('/auth/2fa/totp/confirm', procedure(deps, (c, req) => c.twoFactor.totpConfirm(body(req) as never)));
  r.post('/auth/2fa/email/setup', procedure(deps, (c, req) => c.twoFactor.emailSetup(body(req) as never)));
  r.post('/auth/2fa/email/confirm', procedure(deps, (c, req) => c.twoFactor.emailConfirm(body(req) as never)));
  r.post('/auth/2fa/disable', procedure(deps, (c, req) => c.twoFactor.disable(body(req) as never)));
  r.post('/auth/2fa/recovery-codes', procedure(deps, (c, req) => c.twoFactor.regenerateRecoveryCodes(body(req) as never)));
  return r;
}
