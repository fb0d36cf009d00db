import { ECDH } from 'node:crypto';
import { and, desc, eq, notInArray } from 'drizzle-orm';
import type { AddPushSubscriptionInput } from '../../shared/schemas/push';
import type { Actor } from '../actor';
import { lockKey } from '../db/locks';
import { pushSubscription } from '../db/schema';
import type { Deps } from '../deps';
import { AppError } from '../errors';

/**
 * The browsers that take an account's push messages (decision 0429). An endpoint is one browser's; it
 * belongs to one account at a time, the last one to subscribe it: on a shared phone the next person to sign
 * in and turn notifications on takes it over.
 */

/** Subscriptions one account keeps: a phone, a tablet, a laptop, a few browsers. Past it the oldest goes. */
export const PUSH_SUBSCRIPTIONS_PER_ACCOUNT = 10;

export function pushPublicKey(deps: Pick<Deps, 'config'>): { publicKey: string } {
  return { publicKey: deps.config.push.publicKey };
}

/**
 * Adds the caller's subscription, or renews it (the same endpoint again: its keys and time are the new
 * ones), or takes it over from the account that had it. Under a lock of the account, so parallel calls
 * leave at most PUSH_SUBSCRIPTIONS_PER_ACCOUNT, the most recent.
 */
export async function addPushSubscription(
  deps: Deps,
  actor: Pick<Actor, 'userId'>,
  input: AddPushSubscriptionInput,
): Promise<{ ok: true }> {
  const endpoint = new URL(input.endpoint);
  if (endpoint.protocol !== 'https:' && !deps.config.push.allowHttpEndpoints) {
    throw new AppError('INVALID_INPUT', { issues: [{ path: 'endpoint', key: 'errors.push.endpointUrl' }] });
  }
  const p256dh = input.keys.p256dh.replace(/=+$/, '');
  const auth = input.keys.auth.replace(/=+$/, '');
  if (!onTheCurve(p256dh)) {
    throw new AppError('INVALID_INPUT', { issues: [{ path: 'keys.p256dh', key: 'errors.push.p256dh' }] });
  }
  const now = deps.now();
  await deps.db.transaction(async (tx) => {
    await lockKey(tx, `push:${actor.userId}`);
    await tx
      .insert(pushSubscription)
      .values({ userId: actor.userId, endpoint: input.endpoint, p256dh, auth, createdAt: now })
      .onConflictDoUpdate({
        target: pushSubscription.endpoint,
        set: { userId: actor.userId, p256dh, auth, createdAt: now },
      });
    const kept = tx
      .select({ id: pushSubscription.id })
      .from(pushSubscription)
      .where(eq(pushSubscription.userId, actor.userId))
      .orderBy(desc(pushSubscription.createdAt), desc(pushSubscription.id))
      .limit(PUSH_SUBSCRIPTIONS_PER_ACCOUNT);
    await tx
      .delete(pushSubscription)
      .where(and(eq(pushSubscription.userId, actor.userId), notInArray(pushSubscription.id, kept)));
  });
  return { ok: true };
}

/**
 * Removes the caller's own subscription of this endpoint. Another account's, or none, is left as it is and
 * answered the same: the caller learns nothing of endpoints that are not theirs.
 */
export async function removePushSubscription(
  deps: Deps,
  actor: Pick<Actor, 'userId'>,
  input: { endpoint: string },
): Promise<{ ok: true }> {
  await deps.db
    .delete(pushSubscription)
    .where(and(eq(pushSubscription.userId, actor.userId), eq(pushSubscription.endpoint, input.endpoint)));
  return { ok: true };
}

/** A p256dh the push messages can be encrypted to: a point of P-256, not just 65 bytes. */
function onTheCurve(p256dh: string): boolean {
  try {
    ECDH.convertKey(Buffer.from(p256dh, 'base64url'), 'prime256v1');
    return true;
  } catch {
    return false;
  }
}
