import { and, eq, sql } from 'drizzle-orm';
import { queryRows, type Database, type Queryable, type Transaction } from '../db/client';
import { tenancySettingsIf } from '../db/tenancy';
import { appUser, organizationMembership, revokedSession } from '../db/schema';
import type { Deps } from '../deps';
import { AppError } from '../errors';
import { clearedSessionCookie, sessionCookie } from './cookie';
import { readSessionToken, sessionSeconds, signSessionToken, type SessionClaims } from './session-token';
import { sha256 } from './tokens';
import { toPublicUser, type PublicUser, type UserRow } from './users';
import type { Role } from '../../shared/values';
import type { SessionStage } from '../../shared/values';

export interface Session {
  user: UserRow;
  stage: SessionStage;
  claims: SessionClaims;
  /** The raw token, kept only to revoke it on logout or count 2FA attempts against it. */
  token: string;
}

/** A session read together with the user's role in one organization (null: not a member). */
export interface SessionWithMembership extends Session {
  organizationRole: Role | null;
}

/** What the HTTP layer (or a test) gives the auth code to answer with a cookie. */
export interface CookieJar {
  secure: boolean;
  setCookie(value: string): void;
}

/** The "session answer" of docs/contract.md section 4. */
export interface SessionAnswer {
  user: PublicUser;
  stage: SessionStage;
}

function prepareSessionLookup(db: Database) {
  return db
    .select({
      user: appUser,
      revoked: sql<boolean>`exists (select 1 from ${revokedSession} where ${revokedSession.tokenHash} = ${sql.placeholder('tokenHash')})`,
      // Organization procedures need the caller's membership next: it travels in the same round trip.
      organizationRole: sql<Role | null>`(select ${organizationMembership.role} from ${organizationMembership} where ${organizationMembership.organizationId} = ${sql.placeholder('organizationId')} and ${organizationMembership.userId} = ${appUser.id})`,
    })
    .from(appUser)
    .where(eq(appUser.id, sql.placeholder('userId')))
    .limit(1)
    .prepare('session_lookup');
}

/** The query of every authenticated request, built and prepared once per database. */
const sessionLookups = new WeakMap<Database, ReturnType<typeof prepareSessionLookup>>();
function sessionLookup(db: Database) {
  let lookup = sessionLookups.get(db);
  if (!lookup) {
    lookup = prepareSessionLookup(db);
    sessionLookups.set(db, lookup);
  }
  return lookup;
}

/**
 * Token → session, or null for every kind of failure: bad signature or algorithm, expired, malformed
 * claims, a deleted user, a revoked token (logout), or a token older than the user's session version.
 * The user and the revocation are read in one query, on every call.
 */
export async function resolveSession(deps: Deps, token: string | null): Promise<Session | null> {
  return resolveSessionWithMembership(deps, token, null);
}

/**
 * resolveSession, plus the user's role in `organizationId` read in the same query (the membership table is
 * not organization-scoped, so no organization context is involved).
 */
export async function resolveSessionWithMembership(
  deps: Deps,
  token: string | null,
  organizationId: string | null,
): Promise<SessionWithMembership | null> {
  const claims = await readSessionClaims(deps, token);
  if (!token || !claims) return null;
  const [row] = await sessionLookup(deps.db).execute({
    userId: claims.userId,
    tokenHash: sha256(token),
    organizationId,
  });
  return sessionOfRow(row, claims, token);
}

interface SessionRow {
  user: UserRow | null;
  revoked: boolean;
  organizationRole: Role | null;
}

/** The one rule of a valid session, applied to what the lookup read: the user exists, the token is not revoked, the version matches. */
function sessionOfRow(row: SessionRow | undefined, claims: SessionClaims, token: string): SessionWithMembership | null {
  if (!row?.user || row.revoked) return null;
  if (row.user.sessionVersion !== claims.version) return null;
  return { user: row.user, stage: claims.stage, claims, token, organizationRole: row.organizationRole };
}

/**
 * The session lookup of an organization read sent in one flight (trpc/init.ts), as one statement that always
 * answers one row: the user, the revocation and the membership as in the ordinary lookup, and the tenancy
 * entered in the same statement, with the organization set only if that same row admits the caller (the
 * session holds and the user is a member). Whoever is refused therefore reads no organization's rows even
 * inside the database, before the server has looked at the answer.
 */
function prepareSessionGate(tx: Transaction) {
  const revoked = sql<boolean>`exists (select 1 from ${revokedSession} where ${revokedSession.tokenHash} = ${sql.placeholder('tokenHash')})`;
  const admitted = sql`${organizationMembership.role} is not null and ${appUser.sessionVersion} = ${sql.placeholder('version')} and not ${revoked}`;
  return tx
    .select({
      user: appUser,
      revoked,
      organizationRole: organizationMembership.role,
      tenancy: tenancySettingsIf(admitted, sql`${sql.placeholder('organizationId')}::text`),
    })
    .from(sql`(select 1) as one`)
    .leftJoin(appUser, eq(appUser.id, sql.placeholder('userId')))
    .leftJoin(
      organizationMembership,
      and(
        eq(organizationMembership.organizationId, sql.placeholder('organizationId')),
        eq(organizationMembership.userId, appUser.id),
      ),
    )
    .prepare('session_gate');
}

/** Prepared once per connection: the transaction a gated read hands its gate is kept per connection. */
const sessionGates = new WeakMap<Transaction, ReturnType<typeof prepareSessionGate>>();

/**
 * resolveSessionWithMembership for checked claims, on `tx` (a gated read's first statement), entering the
 * tenancy of `organizationId` when the answer is a session of a member (see prepareSessionGate).
 */
export async function resolveSessionEnteringTenancy(
  tx: Transaction,
  token: string,
  claims: SessionClaims,
  organizationId: string,
): Promise<SessionWithMembership | null> {
  let gate = sessionGates.get(tx);
  if (!gate) {
    gate = prepareSessionGate(tx);
    sessionGates.set(tx, gate);
  }
  const [row] = await gate.execute({
    userId: claims.userId,
    tokenHash: sha256(token),
    organizationId,
    version: claims.version,
  });
  return sessionOfRow(row, claims, token);
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A token's claims when its signature, algorithm, expiry and claims are good; null otherwise. Not yet checked
 * against the database (the user, the revocation, the session version): resolveSession and endedSessions do. */
export async function readSessionClaims(
  deps: Pick<Deps, 'config' | 'now'>,
  token: string | null,
): Promise<SessionClaims | null> {
  if (!token) return null;
  const claims = await readSessionToken(deps.config.sessionSecret, token, deps.now());
  if (!claims || !UUID.test(claims.userId)) return null;
  return claims;
}

/** What a live socket remembers of the session it was opened with. */
export interface HeldSession {
  userId: string;
  version: number;
  tokenHash: string;
}

/**
 * Which of many sessions have ended by the rule resolveSession applies to one (the user gone, the session
 * version moved on, the token revoked), in one pair of queries however many there are: each list travels as
 * one array parameter. Expiry is the caller's to check (it needs no database).
 */
export async function endedSessions<T extends HeldSession>(db: Queryable, sessions: T[]): Promise<Set<T>> {
  if (sessions.length === 0) return new Set();
  const userIds = [...new Set(sessions.map((s) => s.userId))];
  const tokenHashes = [...new Set(sessions.map((s) => s.tokenHash))];
  const [users, revoked] = await Promise.all([
    queryRows<{ id: string; version: number }>(
      db,
      sql`select id, session_version as version from ${appUser} where id = any(${sql.param(userIds)}::uuid[])`,
    ),
    queryRows<{ token_hash: string }>(
      db,
      sql`select token_hash from ${revokedSession} where token_hash = any(${sql.param(tokenHashes)}::text[])`,
    ),
  ]);
  const versions = new Map(users.map((u) => [u.id, u.version]));
  const revokedHashes = new Set(revoked.map((r) => r.token_hash));
  return new Set(sessions.filter((s) => versions.get(s.userId) !== s.version || revokedHashes.has(s.tokenHash)));
}

/** Issues a new token for `stage` and sets it as the cookie: every sign-in and stage change comes here. */
export async function startSession(
  deps: Deps,
  jar: CookieJar,
  user: UserRow,
  stage: SessionStage,
): Promise<SessionAnswer> {
  const token = await signSessionToken(deps.config.sessionSecret, {
    userId: user.id,
    stage,
    version: user.sessionVersion,
    now: deps.now(),
  });
  jar.setCookie(sessionCookie(token, sessionSeconds(stage), jar.secure));
  return { user: toPublicUser(user), stage };
}

/** Logout: this token is refused from now on, even if a copy was kept. */
export async function revokeSession(deps: Deps, session: Session): Promise<void> {
  await deps.db
    .insert(revokedSession)
    .values({
      tokenHash: sha256(session.token),
      userId: session.user.id,
      expiresAt: new Date(session.claims.expiresAt * 1000),
    })
    .onConflictDoNothing();
}

/** Ends every session of the user issued so far; returns the user with the new version. */
export async function endAllSessions(db: Queryable, userId: string): Promise<UserRow> {
  const [user] = await db
    .update(appUser)
    .set({ sessionVersion: sql`${appUser.sessionVersion} + 1` })
    .where(eq(appUser.id, userId))
    .returning();
  // The account was deleted after this request's session was checked: its sessions are over anyway.
  if (!user) throw new AppError('NOT_AUTHENTICATED');
  return user;
}

export function clearSession(jar: CookieJar): void {
  jar.setCookie(clearedSessionCookie(jar.secure));
}
