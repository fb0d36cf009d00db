import { Router } from 'express';
import type { Deps } from '../deps';
import { procedure } from './respond';

export function coursesRoutes(deps: Deps): Router {
  const r = Router();
  // The fixed segment before the parameter: /courses/search is never read as a course id.
  r.get(
    '/courses/search',
    procedure(deps, (caller, req) =>
      caller.courses.searchOfficial({ q: req.query.q, lat: req.query.lat, lng: req.query.lng, limit: req.query.limit } as never),
    ),
  );
  r.get('/courses/:courseId', procedure(deps, (caller, req) => caller.courses.get({ courseId: req.params.courseId as string })));
  return r;
}
