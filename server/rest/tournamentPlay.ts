import { Router, type Request, type Response } from 'express';
import { createContextFor } from '../trpc/context';
import { createCaller } from '../trpc/router';
import type { Deps } from '../deps';
import { bodyWithParams, procedure, sendError } from './respond';

const TOURNAMENT = '/organizations/:organization_id/tournaments/:tournament_id';

function tournamentParams(req: Request) {
  return { organizationId: req.params.organization_id as string, tournamentId: req.params.tournament_id as string };
}

/**
 * Scores, signatures and the results file. results.csv is the one answer that is not JSON: the route runs
 * the same procedure through the caller and sends its text as a file download.
 */
export function tournamentPlayRoutes(deps: Deps): Router {
  const r = Router();
  r.put(`${TOURNAMENT}/scores`, procedure(deps, (c, req) => c.tournaments.setScore(bodyWithParams(req, tournamentParams(req)) as never)));
  r.post(
    `${TOURNAMENT}/cards/:entry_id/sign`,
    procedure(deps, (c, req) => c.tournaments.signCard(bodyWithParams(req, { ...tournamentParams(req), entryId: req.params.entry_id as string }) as never)),
  );
  r.get(
    `${TOURNAMENT}/rounds/:round_number/cards`,
    procedure(deps, (c, req) => c.tournaments.cards({ ...tournamentParams(req), round: req.params.round_number as never })),
  );
  r.get(`${TOURNAMENT}/results.csv`, async (req: Request, res: Response) => {
    const caller = createCaller(createContextFor(deps, req, { response: res }));
    try {
      const { csv, filename } = await caller.tournaments.resultsCsv(tournamentParams(req));
      res.setHeader('Content-Type', 'text/csv; charset=utf-8');
      res.setHeader('Content-Disposition', `attachment; filename="${filename}"`);
      res.status(200).send(Buffer.from(csv, 'utf8'));
    } catch (error) {
      sendError(deps, req, res, error);
    }
  });
  return r;
}
