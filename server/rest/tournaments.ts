import { Router, type Request } from 'express';
import type { Deps } from '../deps';
import { bodyWithParams, procedure } from './respond';

const BASE = '/organizations/:organization_id/tournaments';
const ONE = `${BASE}/:tournament_id`;

const orgOf = (req: Request) => ({ organizationId: req.params.organization_id as string });
const tournamentOf = (req: Request) => ({ ...orgOf(req), tournamentId: req.params.tournament_id as string });

/** CONTRACT.md section 9, the organization's side: tournaments, their states, entries and start lists. */
export function tournamentsRoutes(deps: Deps): Router {
  const r = Router();
  r.post(BASE, procedure(deps, (c, req) => c.tournaments.create(bodyWithParams(req, orgOf(req)) as never), { status: 201 }));
  r.get(BASE, procedure(deps, (c, req) => c.tournaments.list(orgOf(req))));
  r.get(ONE, procedure(deps, (c, req) => c.tournaments.get(tournamentOf(req))));
  r.patch(ONE, procedure(deps, (c, req) => c.tournaments.update(bodyWithParams(req, tournamentOf(req)) as never)));
  r.post(`${ONE}/status`, procedure(deps, (c, req) => c.tournaments.setStatus(bodyWithParams(req, tournamentOf(req)) as never)));
  r.get(`${ONE}/entries`, procedure(deps, (c, req) => c.tournaments.entries(tournamentOf(req))));
  r.post(`${ONE}/entries`, procedure(deps, (c, req) => c.tournaments.enter(bodyWithParams(req, tournamentOf(req)) as never), { status: 201 }));
  r.delete(
    `${ONE}/entries/:entry_id`,
    procedure(deps, (c, req) => c.tournaments.withdraw({ ...tournamentOf(req), entryId: req.params.entry_id as string })),
  );
  r.put(
    `${ONE}/rounds/:round_number/groups`,
    procedure(deps, (c, req) => c.tournaments.setGroups(bodyWithParams(req, { ...tournamentOf(req), round: req.params.round_number as string }) as never)),
  );
  return r;
}
