import { createHmac } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Actor } from '../actor';
import { derivedKey } from '../auth/crypto';
import { randomToken, sha256 } from '../auth/tokens';
import type { Database } from '../db/client';
import { calendarFeed } from '../db/schema';
import type { Deps } from '../deps';

/**
 * A player's secret calendar address (decision 0430): `PUBLIC_URL/calendar/{token}.ics`. The token is never
 * stored: it is base64url(HMAC-SHA256(key, seed)) with a key derived from SESSION_SECRET, so the same address
 * comes back on every read from the stored seed, and a database without the secret yields no address. A
 * request is found by the token's SHA-256 (`token_hash`), as every other token of the service.
 */

// Part of every address: another purpose would change every address given out.
const CALENDAR_KEY_PURPOSE = 'calendar-feed';

function tokenOf(serverSecret: string, seed: string): string {
  return createHmac('sha256', derivedKey(serverSecret, CALENDAR_KEY_PURPOSE)).update(seed, 'utf8').digest('base64url');
}

function urlOf(deps: Pick<Deps, 'config'>, token: string): string {
  return `${deps.config.publicUrl}/calendar/${token}.ics`;
}

function freshRow(deps: Pick<Deps, 'config'>, userId: string) {
  const seed = randomToken();
  return { userId, seed, tokenHash: sha256(tokenOf(deps.config.sessionSecret, seed)) };
}

/**
 * account.calendar: the address, made on the first read. Two first reads at once insert one row between them
 * (`on conflict do nothing` on the user's key) and both answer the seed that won.
 */
export async function calendarAddress(
  deps: Pick<Deps, 'db' | 'config'>,
  actor: Pick<Actor, 'userId'>,
): Promise<{ url: string }> {
  await deps.db.insert(calendarFeed).values(freshRow(deps, actor.userId)).onConflictDoNothing({
    target: calendarFeed.userId,
  });
  const [row] = await deps.db
    .select({ seed: calendarFeed.seed })
    .from(calendarFeed)
    .where(eq(calendarFeed.userId, actor.userId));
  // The row was inserted or already there; a deletion of the account in between would end this session too.
  return { url: urlOf(deps, tokenOf(deps.config.sessionSecret, row!.seed)) };
}

/** account.renewCalendar: a new seed, so a new address; the old one's hash is gone and it answers 404. */
export async function renewCalendarAddress(
  deps: Pick<Deps, 'db' | 'config'>,
  actor: Pick<Actor, 'userId'>,
): Promise<{ url: string }> {
  const row = freshRow(deps, actor.userId);
  await deps.db
    .insert(calendarFeed)
    .values(row)
    .onConflictDoUpdate({
      target: calendarFeed.userId,
      set: { seed: row.seed, tokenHash: row.tokenHash, createdAt: sql`now()` },
    });
  return { url: urlOf(deps, tokenOf(deps.config.sessionSecret, row.seed)) };
}

/** Whose calendar a token opens, or null: one lookup by hash, whatever the token (unknown, old, malformed). */
export async function calendarOwner(db: Database, token: string): Promise<string | null> {
  const [row] = await db
    .select({ userId: calendarFeed.userId })
    .from(calendarFeed)
    .where(eq(calendarFeed.tokenHash, sha256(token)))
    .limit(1);
  return row?.userId ?? null;
}

/** For the account's data export (decision 0430): that an address exists and since when, never the address. */
export async function calendarAddressSince(db: Database, userId: string): Promise<Date | null> {
  const [row] = await db
    .select({ createdAt: calendarFeed.createdAt })
    .from(calendarFeed)
    .where(eq(calendarFeed.userId, userId));
  return row?.createdAt ?? null;
}
