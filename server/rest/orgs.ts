import { Router, type Request } from 'express';
import type { Deps } from '../deps';
import { body, procedure } from './respond';

/** The JSON body with the path's organization (and member) ids added: the procedure's strict schema checks all. */
function withPath(req: Request, extra: Record<string, unknown> = {}): Record<string, unknown> {
  const b = body(req);
  return { ...(typeof b === 'object' && b !== null && !Array.isArray(b) ? b : { body: b }), organizationId: req.params.organization_id, ...extra };
}

function paging(req: Request): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of ['page', 'limit'] as const) if (req.query[key] !== undefined) out[key] = req.query[key];
  return out;
}

export function orgsRoutes(deps: Deps): Router {
  const r = Router();
  r.post('/organizations', procedure(deps, (c, req) => c.orgs.create(body(req) as never), { status: 201 }));
  r.get('/organizations', procedure(deps, (c) => c.orgs.mine()));
  // Fixed segments before the parameterised ones.
  r.post('/organizations/invitations/accept', procedure(deps, (c, req) => c.orgs.acceptInvitation(body(req) as never)));
  r.get('/organizations/:organization_id', procedure(deps, (c, req) => c.orgs.get({ organizationId: req.params.organization_id as string })));
  r.get('/organizations/:organization_id/members', procedure(deps, (c, req) => c.orgs.members({ organizationId: req.params.organization_id as string })));
  r.post('/organizations/:organization_id/members', procedure(deps, (c, req) => c.orgs.addMember(withPath(req) as never)));
  r.patch(
    '/organizations/:organization_id/members/:user_id',
    procedure(deps, (c, req) => c.orgs.setRole(withPath(req, { userId: req.params.user_id }) as never)),
  );
  r.delete(
    '/organizations/:organization_id/members/:user_id',
    procedure(deps, (c, req) => c.orgs.removeMember({ organizationId: req.params.organization_id as string, userId: req.params.user_id as string })),
  );
  r.get(
    '/organizations/:organization_id/audit-log',
    procedure(deps, (c, req) => c.orgs.auditLog({ organizationId: req.params.organization_id as string, ...paging(req) } as never)),
  );
  return r;
}
