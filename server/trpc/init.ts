import { initTRPC } from '@trpc/server';
import { z } from 'zod';
import {
  admissionHolds,
  forgetAdmission,
  guessedAdmission,
  rememberAdmission,
  type Admission,
} from '../auth/admitted-sessions';
import {
  readSessionClaims,
  resolveSession,
  resolveSessionEnteringTenancy,
  resolveSessionWithMembership,
  type Session,
  type SessionWithMembership,
} from '../auth/sessions';
import type { SessionClaims } from '../auth/session-token';
import { withAfterCommit, type AfterCommit, type OpenTransaction } from '../db/after-commit';
import { withTenant } from '../db/tenancy';
import {
  giveBackSubscription,
  givenBackWhenDone,
  MAX_SUBSCRIPTIONS_PER_SOCKET,
  takeSubscription,
} from '../realtime/socket-budget';
import { AppError } from '../errors';
import { gatedReadsOf, type Transaction } from '../db/client';
import type { ReadGate } from '../db/pipelined-transaction';
import type { Role } from '../../shared/values';
import { isDatabaseUnavailable, UNAVAILABLE_RETRY_AFTER_SECONDS } from '../db/unavailable';
import type { Context } from './context';
import { describeError, toTRPCError } from './errors';
import type { Actor, SessionHolder, Viewer } from '../actor';
import { isAdminRole } from '../organizations/roles';
import type { OrgScope } from '../organizations/scope';
import { id } from '../../shared/schemas/common';

// ---- Initialisation: the error formatter is the only place a tRPC error is shaped for a client. ----

const t = initTRPC.context<Context>().create({
  // Never send stack traces, whatever NODE_ENV says.
  isDev: false,
  // No server-sent-event subscriptions: HTTP serves a router whose subscriptions refuse (trpc/router.ts),
  // and tRPC's own switch for them stays off behind it.
  sse: { enabled: false },
  errorFormatter({ shape, error, ctx }) {
    const described = describeError(error, ctx?.meta.language);
    return {
      message: described.message,
      code: shape.code,
      data: {
        appCode: described.code,
        httpStatus: described.status,
        ...(described.issues ? { issues: described.issues } : {}),
        // The browser cannot read Retry-After through the batch link: the app's countdowns need the seconds here.
        ...(described.retryAfterSeconds !== undefined ? { retryAfterSeconds: described.retryAfterSeconds } : {}),
        ...(described.code === 'INTERNAL' && ctx ? { requestId: ctx.meta.requestId } : {}),
        path: shape.data.path,
      },
    };
  },
});

export const router = t.router;
export const mergeRouters = t.mergeRouters;
export const createCallerFactory = t.createCallerFactory;

// ---- Middlewares ----

/**
 * Domain code throws AppError; tRPC needs its own error with the matching code to answer the right status.
 * A database that cannot be reached is 503 UNAVAILABLE, not 500 (decision 0015).
 */
const appErrors = t.middleware(async ({ next }) => {
  const result = await next();
  if (result.ok) return result;
  const cause = result.error.cause;
  if (cause instanceof AppError) throw toTRPCError(cause);
  if (isDatabaseUnavailable(cause))
    throw toTRPCError(new AppError('UNAVAILABLE', { retryAfterSeconds: UNAVAILABLE_RETRY_AFTER_SECONDS, cause }));
  return result;
});

const baseProcedure = t.procedure.use(appErrors);

async function sessionOf(ctx: Context): Promise<Session | null> {
  return resolveSession(ctx.deps, ctx.sessionToken);
}

/** The account's saved language wins over Accept-Language for what this call answers (decision 0108). */
function speaksAccountLanguage(ctx: Context, session: Pick<Session, 'user'>): void {
  if (session.user.language) ctx.meta.language = session.user.language;
}

/** The session's holder (server/actor.ts), for the procedures that work on the session itself. */
function holderOf(ctx: Context, session: Session): SessionHolder {
  return { session, jar: ctx.cookies, ip: ctx.meta.ip, language: ctx.meta.language };
}

function notAuthenticated(): AppError {
  return new AppError('NOT_AUTHENTICATED');
}

// ---- Procedure builders: one per access level of docs/access.md section 5 ----

export const publicProcedure = baseProcedure;

/**
 * Public landing endpoints: a full session gives a user; anything else is simply "no user". `stage` is the
 * stage of whatever valid session came (null for none), so that auth.session can tell the app about a
 * sign-in still waiting for its second factor without letting that session in anywhere.
 */
export const optionalUserProcedure = baseProcedure.use(async ({ ctx, next }) => {
  const session = await sessionOf(ctx);
  if (session?.stage === 'full') speaksAccountLanguage(ctx, session);
  const full = session?.stage === 'full' ? session : null;
  const viewer: Viewer = { userId: full?.user.id ?? null, language: ctx.meta.language };
  return next({ ctx: { session: full, stage: session?.stage ?? null, viewer } });
});

/**
 * The WebSocket user of docs/access.md section 5, for subscriptions: optional user, and at most
 * MAX_SUBSCRIPTIONS_PER_SOCKET at once on one socket (429 RATE_LIMITED beyond it, before any access check).
 */
export const webSocketUserProcedure = optionalUserProcedure.use(async ({ ctx, next }) => {
  const socket = ctx.socket;
  if (!socket) return next();
  if (!takeSubscription(socket)) {
    ctx.deps.metrics?.rateLimited('subscriptions_per_socket');
    throw new AppError('RATE_LIMITED', {
      key: 'errors.requests.tooManySubscriptions',
      params: { subscriptions: MAX_SUBSCRIPTIONS_PER_SOCKET },
    });
  }
  let result: Awaited<ReturnType<typeof next>>;
  try {
    result = await next();
  } catch (error) {
    giveBackSubscription(socket);
    throw error;
  }
  // Refused further on (no access): its place is given back at once; a stream's, when the stream ends.
  if (!result.ok) {
    giveBackSubscription(socket);
    return result;
  }
  return { ...result, data: givenBackWhenDone(socket, result.data as AsyncIterable<unknown>) };
});

/** Ordinary endpoints: only a full session (or a token without a stage claim) of an existing user. */
export const userProcedure = baseProcedure.use(async ({ ctx, next }) => {
  const session = await sessionOf(ctx);
  if (session?.stage !== 'full') throw notAuthenticated();
  speaksAccountLanguage(ctx, session);
  const actor: Actor = { userId: session.user.id, ip: ctx.meta.ip, user: session.user, language: ctx.meta.language };
  return next({ ctx: { session, user: session.user, actor, holder: holderOf(ctx, session) } });
});

/** 2FA verification: only pending_2fa or must_enroll_2fa; a full session is refused like a missing one. */
export const pendingProcedure = baseProcedure.use(async ({ ctx, next }) => {
  const session = await sessionOf(ctx);
  if (!session || session.stage === 'full') throw notAuthenticated();
  speaksAccountLanguage(ctx, session);
  return next({ ctx: { session, user: session.user, holder: holderOf(ctx, session) } });
});

/** 2FA setup: full (voluntary, from settings) or must_enroll_2fa (mandatory enrolment). */
export const enrollingProcedure = baseProcedure.use(async ({ ctx, next }) => {
  const session = await sessionOf(ctx);
  if (!session || (session.stage !== 'full' && session.stage !== 'must_enroll_2fa')) throw notAuthenticated();
  speaksAccountLanguage(ctx, session);
  return next({ ctx: { session, user: session.user, holder: holderOf(ctx, session) } });
});

/** A valid session of any stage (the e-mail code endpoint serves pending, enrolling and full sessions). */
export const anySessionProcedure = baseProcedure.use(async ({ ctx, next }) => {
  const session = await sessionOf(ctx);
  if (!session) throw notAuthenticated();
  speaksAccountLanguage(ctx, session);
  return next({ ctx: { session, user: session.user, holder: holderOf(ctx, session) } });
});

export const superAdminProcedure = userProcedure.use(async ({ ctx, next }) => {
  if (!ctx.user.isSuperAdmin) throw new AppError('NOT_SUPER_ADMIN');
  return next();
});

const organizationIdSchema = z.object({ organizationId: id });
const ROLLBACK = Symbol('rollback');
const GUESSED_WRONG = Symbol('guessed wrong');

/**
 * Organization member: a full session (as userProcedure) whose user is a member of the input's
 * `organizationId`. The session and the membership are read in one query, without an organization
 * context; only then is the tenancy transaction opened with that organization set, and the procedure runs
 * inside it as `ctx.tx`. The procedure's own input schema names `organizationId` too (it is read here from
 * the raw input so the procedure's strict schema stays the single description of its input). A failed
 * procedure rolls the transaction back.
 *
 * A query on PostgreSQL whose token was admitted to the organization before goes in one flight instead
 * (decision 0710): the session check travels with the procedure's first query in a read-only transaction and
 * decides from what it reads now; the earlier admission is only the guess the procedure starts with.
 */
export const orgMemberProcedure = baseProcedure.use(async ({ ctx, next, getRawInput, type }) => {
  const parsed = organizationIdSchema.safeParse(await getRawInput());
  const organizationId = parsed.success ? parsed.data.organizationId : null;
  const db = ctx.deps.db;
  const token = ctx.sessionToken;

  /** Runs the procedure in the tenancy transaction `open` opens; a failed procedure rolls it back. */
  const enter = async (session: Session, orgId: string, role: Role, open: OpenTransaction) => {
    const run = (tx: Transaction, afterCommit: AfterCommit) => {
      // The domain functions' second argument (decision 0014), ready made.
      const scope: OrgScope = {
        tx,
        organizationId: orgId,
        actorUserId: session.user.id,
        actorRole: role,
        ip: ctx.meta.ip,
        language: ctx.meta.language,
        afterCommit,
      };
      return next({ ctx: { session, user: session.user, tx, organizationId: orgId, role, afterCommit, scope } });
    };
    let outcome: Awaited<ReturnType<typeof run>> | undefined;
    try {
      // A failed procedure throws ROLLBACK out of the transaction, so what it deferred never runs.
      await withAfterCommit(open, async (tx, afterCommit) => {
        outcome = await run(tx, afterCommit);
        if (!outcome.ok) throw ROLLBACK;
      });
    } catch (error) {
      if (error !== ROLLBACK) throw error;
    }
    return outcome!;
  };

  const guess = type === 'query' && organizationId && token ? guessedAdmission(db, token, organizationId) : undefined;
  const read = gatedReadsOf(db);
  if (guess && read && organizationId && token) {
    const claims = await readSessionClaims(ctx.deps, token);
    if (claims?.stage !== 'full') throw notAuthenticated();
    const language = ctx.meta.language;
    speaksAccountLanguage(ctx, guess);
    const session: Session = { user: guess.user, stage: claims.stage, claims, token };
    const gate = admittingGate(token, claims, organizationId, guess);
    try {
      return await enter(session, organizationId, guess.role, (work) => read(gate, work));
    } catch (error) {
      if (error instanceof AppError || error === GUESSED_WRONG) forgetAdmission(db, token, organizationId);
      if (error !== GUESSED_WRONG) throw error;
      // The guess was stale: the ordinary path below, from what the database says now.
      ctx.meta.language = language;
    }
  }

  const session = await resolveSessionWithMembership(ctx.deps, token, organizationId);
  if (session?.stage !== 'full') throw notAuthenticated();
  speaksAccountLanguage(ctx, session);
  if (!organizationId)
    throw new AppError('INVALID_INPUT', { issues: [{ path: 'organizationId', key: 'errors.fields.invalidId' }] });
  const role = session.organizationRole;
  if (!role) throw new AppError('NOT_ORG_MEMBER');
  // Only where a read can start from it (PostgreSQL): PGlite has no round trips to save.
  if (token && read) rememberAdmission(db, token, organizationId, { user: session.user, role });
  return enter(session, organizationId, role, (work) => withTenant(db, organizationId, work));
});

/**
 * The one-flight read's session check: the ordinary path's refusals, in its order (no valid session 401, not a
 * member 403), from the row read in the same flight; a row that differs from the guess the procedure started
 * with is GUESSED_WRONG, and the read runs again the ordinary way.
 */
function admittingGate(
  token: string,
  claims: SessionClaims,
  organizationId: string,
  guess: Admission,
): ReadGate<Transaction, SessionWithMembership | null> {
  return {
    query: (tx) => resolveSessionEnteringTenancy(tx, token, claims, organizationId),
    admit(found) {
      if (!found) throw notAuthenticated();
      if (!found.organizationRole) throw new AppError('NOT_ORG_MEMBER');
      if (!admissionHolds(guess, found.organizationRole, found.user)) throw GUESSED_WRONG;
    },
  };
}

export const orgAdminProcedure = orgMemberProcedure.use(async ({ ctx, next }) => {
  if (!isAdminRole(ctx.role)) throw new AppError('NOT_ORG_ADMIN');
  return next();
});
