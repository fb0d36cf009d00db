import { Router } from 'express';
import type { Deps } from '../deps';
import { body, bodyWithParams, procedure, queryParams } from './respond';

export function orgsRoutes(deps: Deps): Router {
  const r = Router();
  r.post('/organizations', procedure(deps, (c, req) => c.orgs.create(body(req) as never), { status: 201 }));
  r.get('/organizations', procedure(deps, (c) => c.orgs.mine()));
  // Fixed segments before the parameterised ones.
  r.post('/organizations/invitations/accept', procedure(deps, (c, req) => c.orgs.acceptInvitation(body(req) as never)));
  r.get('/organizations/:organization_id', procedure(deps, (c, req) => c.orgs.get({ organizationId: req.params.organization_id as string })));
  r.get('/organizations/:organization_id/members', procedure(deps, (c, req) => c.orgs.members({ organizationId: req.params.organization_id as string })));
  r.post('/organizations/:organization_id/members', procedure(deps, (c, req) => c.orgs.addMember(bodyWithParams(req, { organizationId: req.params.organization_id as string }) as never)));
  r.patch(
    '/organizations/:organization_id/members/:user_id',
    procedure(deps, (c, req) => c.orgs.setRole(bodyWithParams(req, { organizationId: req.params.organization_id as string, userId: req.params.user_id as string }) as never)),
  );
  r.delete(
    '/organizations/:organization_id/members/:user_id',
    procedure(deps, (c, req) => c.orgs.removeMember(bodyWithParams(req, { organizationId: req.params.organization_id as string, userId: req.params.user_id as string }) as never)),
  );
  r.get(
    '/organizations/:organization_id/audit-log',
    procedure(deps, (c, req) => c.orgs.auditLog({ organizationId: req.params.organization_id as string, ...queryParams(req, ['page', 'limit']) } as never)),
  );
  return r;
}
