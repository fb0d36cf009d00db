import { createCallerFactory, mergeRouters, router } from './init';
import { accountRouter } from './routers/account';
import { adminRouter } from './routers/admin';
import { authRouter } from './routers/auth';
import { chatRouter } from './routers/chat';
import { coursesRouter } from './routers/courses';
import { feedRouter } from './routers/feed';
import { orgsRouter } from './routers/orgs';
import { participantsRouter } from './routers/participants';
import { publicRouter } from './routers/public';
import { personalCoursesRouter } from './routers/personalCourses';
import { roundsRouter } from './routers/rounds';
import { tournamentLiveRouter } from './routers/tournamentLive';
import { tournamentPlayRouter } from './routers/tournamentPlay';
import { tournamentsRouter } from './routers/tournaments';
import { twoFactorRouter } from './routers/twoFactor';

export const appRouter = router({
  auth: authRouter,
  twoFactor: twoFactorRouter,
  account: accountRouter,
  orgs: orgsRouter,
  admin: adminRouter,
  courses: coursesRouter,
  personalCourses: personalCoursesRouter,
  rounds: roundsRouter,
  participants: participantsRouter,
  tournaments: mergeRouters(tournamentsRouter, tournamentPlayRouter, tournamentLiveRouter),
  public: publicRouter,
  chat: chatRouter,
  feed: feedRouter,
});

export type AppRouter = typeof appRouter;

export const createCaller = createCallerFactory(appRouter);
