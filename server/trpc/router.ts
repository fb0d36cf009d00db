import type { AnyProcedure } from '@trpc/server';
import { AppError } from '../errors';
import { createCallerFactory, mergeRouters, publicProcedure, router } from './init';
import { accountRouter } from './routers/account';
import { adminRouter } from './routers/admin';
import { authRouter } from './routers/auth';
import { calendarRouter } from './routers/calendar';
import { chatRouter } from './routers/chat';
import { coursesRouter } from './routers/courses';
import { personalCoursesRouter } from './routers/courses-personal';
import { feedRouter } from './routers/feed';
import { handicapRouter } from './routers/handicap';
import { organizationsRouter } from './routers/organizations';
import { roundsRouter } from './routers/rounds';
import { pushRouter } from './routers/push';
import { participantsRouter } from './routers/rounds-participants';
import { tournamentsRouter } from './routers/tournaments';
import { tournamentLiveRouter } from './routers/tournaments-live';
import { tournamentPlayRouter } from './routers/tournaments-play';
import { publicTournamentsRouter } from './routers/tournaments-public';
import { twoFactorRouter } from './routers/two-factor';

/**
 * The procedure paths (`orgs.list`, `public.tournament`, …) are the public contract (docs/contract.md) and
 * stay as they are; each router's file is named after the domain folder it serves, `<folder>.ts` or
 * `<folder>-<part>.ts` (decision 0026), so `orgs` is routers/organizations.ts and `public` is
 * routers/tournaments-public.ts.
 */
export const appRouter = router({
  auth: authRouter,
  twoFactor: twoFactorRouter,
  account: accountRouter,
  handicap: handicapRouter,
  orgs: organizationsRouter,
  admin: adminRouter,
  courses: coursesRouter,
  personalCourses: personalCoursesRouter,
  rounds: roundsRouter,
  participants: participantsRouter,
  tournaments: mergeRouters(tournamentsRouter, tournamentPlayRouter, tournamentLiveRouter),
  public: publicTournamentsRouter,
  chat: chatRouter,
  feed: feedRouter,
  push: pushRouter,
  calendar: calendarRouter,
});

export type AppRouter = typeof appRouter;

export const createCaller = createCallerFactory(appRouter);

/** What a subscription is over HTTP: a query that refuses, before any session lookup or stream. */
const webSocketOnly = publicProcedure.query(() => {
  throw new AppError('INVALID_INPUT', { key: 'errors.requests.liveOnlyOverWebSocket' });
});

/**
 * The router tRPC over HTTP serves: the app's procedures, each subscription replaced by `webSocketOnly`.
 * Subscriptions run over the WebSocket only (docs/access.md section 5, the WebSocket user). Over HTTP tRPC would
 * stream one as server-sent events, outside the socket's subscription budget and on past the session's
 * end, with no socket to close. tRPC looks a call's procedure up here after decoding its path, so no
 * spelling (`/trpc/x/chat.onMessage`, `chat%2EonMessage`, a batch) can reach a subscription.
 */
export const httpRouter = router(
  Object.fromEntries(
    // `_def.procedures` is flat at run time ("rounds.onUpdate"), whatever its declared type says.
    Object.entries(appRouter._def.procedures as unknown as Record<string, AnyProcedure>).map(([path, procedure]) => [
      path,
      procedure._def.type === 'subscription' ? webSocketOnly : procedure,
    ]),
  ),
);
