import { Router } from 'express';
import type { Deps } from '../deps';
import { body, bodyWithParams, procedure } from './respond';

export function personalCoursesRoutes(deps: Deps): Router {
  const r = Router();
  r.get('/personal-courses', procedure(deps, (caller) => caller.personalCourses.mine()));
  r.post('/personal-courses', procedure(deps, (caller, req) => caller.personalCourses.create(body(req) as never), { status: 201 }));
  // CONTRACT.md section 8: the fixed segment is registered before /personal-courses/:personalCourseId.
  r.get(
    '/personal-courses/international-search',
    procedure(deps, (caller, req) =>
      caller.personalCourses.internationalSearch({ q: req.query.q, country: req.query.country, limit: req.query.limit } as never),
    ),
  );
  r.get(
    '/personal-courses/:personalCourseId',
    procedure(deps, (caller, req) => caller.personalCourses.get({ personalCourseId: req.params.personalCourseId as string })),
  );
  r.patch(
    '/personal-courses/:personalCourseId',
    procedure(deps, (caller, req) =>
      caller.personalCourses.update(bodyWithParams(req, { personalCourseId: req.params.personalCourseId as string }) as never),
    ),
  );
  r.delete(
    '/personal-courses/:personalCourseId',
    procedure(deps, (caller, req) => caller.personalCourses.delete({ personalCourseId: req.params.personalCourseId as string })),
  );
  return r;
}
