import { Router } from 'express';
import type { Deps } from '../deps';
import { body, bodyWithParams, procedure } from './respond';

export function roundsRoutes(deps: Deps): Router {
  const r = Router();
  r.post('/rounds', procedure(deps, (caller, req) => caller.rounds.create(body(req) as never), { status: 201 }));
  r.get('/rounds', procedure(deps, (caller, req) => caller.rounds.mine({ limit: req.query.limit } as never)));
  r.get('/rounds/:roundId', procedure(deps, (caller, req) => caller.rounds.get({ roundId: req.params.roundId as string })));
  r.post(
    '/rounds/:roundId/sides',
    procedure(deps, (caller, req) => caller.rounds.addSide(bodyWithParams(req, { roundId: req.params.roundId as string }) as never), { status: 201 }),
  );
  r.post(
    '/rounds/:roundId/participants',
    procedure(deps, (caller, req) => caller.rounds.addParticipant(bodyWithParams(req, { roundId: req.params.roundId as string }) as never), {
      status: 201,
    }),
  );
  r.put(
    '/rounds/:roundId/scores',
    procedure(deps, (caller, req) => caller.rounds.setScore(bodyWithParams(req, { roundId: req.params.roundId as string }) as never)),
  );
  r.post('/rounds/:roundId/share', procedure(deps, (caller, req) => caller.rounds.share(bodyWithParams(req, { roundId: req.params.roundId as string }) as never)));
  r.delete('/rounds/:roundId/share', procedure(deps, (caller, req) => caller.rounds.unshare(bodyWithParams(req, { roundId: req.params.roundId as string }) as never)));
  r.post('/rounds/:roundId/finish', procedure(deps, (caller, req) => caller.rounds.finish(bodyWithParams(req, { roundId: req.params.roundId as string }) as never)));
  return r;
}
