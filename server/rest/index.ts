import { Router } from 'express';
import type { Deps } from '../deps';
import { accountRoutes } from './account';
import { adminRoutes } from './admin';
import { authRoutes } from './auth';
import { chatRoutes } from './chat';
import { coursesRoutes } from './courses';
import { feedRoutes } from './feed';
import { orgsRoutes } from './orgs';
import { participantsRoutes } from './participants';
import { personalCoursesRoutes } from './personalCourses';
import { publicRoutes } from './public';
import { roundsRoutes } from './rounds';
import { tournamentPlayRoutes } from './tournamentPlay';
import { tournamentsRoutes } from './tournaments';
import { twoFactorRoutes } from './twoFactor';

/**
 * The literal REST paths of CONTRACT.md, one file per domain. Each registers its fixed-segment routes
 * before its parameterised ones (`/personal-courses/international-search` before `/personal-courses/:id`).
 */
export function restRoutes(deps: Deps): Router {
  const r = Router();
  r.use(authRoutes(deps));
  r.use(twoFactorRoutes(deps));
  r.use(accountRoutes(deps));
  r.use(orgsRoutes(deps));
  r.use(adminRoutes(deps));
  r.use(coursesRoutes(deps));
  r.use(personalCoursesRoutes(deps));
  r.use(roundsRoutes(deps));
  r.use(participantsRoutes(deps));
  r.use(tournamentsRoutes(deps));
  r.use(tournamentPlayRoutes(deps));
  r.use(publicRoutes(deps));
  r.use(chatRoutes(deps));
  r.use(feedRoutes(deps));
  return r;
}
