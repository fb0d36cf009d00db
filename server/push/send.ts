import { eq, inArray } from 'drizzle-orm';
import webPush from 'web-push';
import { pushSubscription } from '../db/schema';
import type { Deps } from '../deps';

/**
 * Sending push messages (docs/contract.md section 13, decision 0429). web-push encrypts (aes128gcm, RFC 8291)
 * and signs (VAPID, RFC 8292) each message; the request is sent with fetch, which also speaks plain http
 * for a test's own push service (web-push's own sender is https only).
 */

/** One message to every browser a user turned notifications on in. `url` is the app's page to open. */
export interface PushMessage {
  userId: string;
  title: string;
  body: string;
  url: string;
}

/** How long a push service keeps a message for a phone that is off: a start time is news for a day. */
export const PUSH_TTL_SECONDS = 24 * 60 * 60;
/** Requests in flight at once: a club's field is a few hundred phones, and each push service is one host. */
export const PUSH_PARALLEL_SENDS = 8;
const PUSH_TIMEOUT_MS = 10_000;
/** A push message's payload is at most 4096 bytes encrypted (RFC 8291): the texts are cut well below. */
const TITLE_MAX_CHARS = 120;
const BODY_MAX_CHARS = 1000;

/**
 * Sends each message to every subscription of its user, a few at a time. A subscription the push service
 * answers 404 or 410 is gone and is deleted; any other failure is logged. Never throws: a push that fails
 * must not undo what it told of.
 */
export async function pushToUsers(deps: Deps, messages: readonly PushMessage[]): Promise<void> {
  try {
    const userIds = [...new Set(messages.map((m) => m.userId))];
    if (userIds.length === 0) return;
    const subscriptions = await deps.db
      .select()
      .from(pushSubscription)
      .where(inArray(pushSubscription.userId, userIds));
    const sends = messages.flatMap((message) =>
      subscriptions.filter((s) => s.userId === message.userId).map((subscription) => ({ message, subscription })),
    );
    let next = 0;
    const worker = async () => {
      while (next < sends.length) {
        const send = sends[next++]!;
        await sendOne(deps, send.subscription, send.message);
      }
    };
    await Promise.all(Array.from({ length: Math.min(PUSH_PARALLEL_SENDS, sends.length) }, worker));
  } catch (error) {
    deps.logger.error({ err: error }, 'push messages not sent');
  }
}

type Subscription = typeof pushSubscription.$inferSelect;

async function sendOne(deps: Deps, subscription: Subscription, message: PushMessage): Promise<void> {
  // Only the push service's origin is logged: the rest of an endpoint is the capability to push to the phone.
  const service = new URL(subscription.endpoint).origin;
  try {
    const payload = JSON.stringify({
      title: message.title.slice(0, TITLE_MAX_CHARS),
      body: message.body.slice(0, BODY_MAX_CHARS),
      url: message.url,
    });
    const { push } = deps.config;
    const request = webPush.generateRequestDetails(
      { endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
      payload,
      {
        vapidDetails: { subject: push.subject, publicKey: push.publicKey, privateKey: push.privateKey },
        TTL: PUSH_TTL_SECONDS,
        urgency: 'high',
        contentEncoding: 'aes128gcm',
      },
    );
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(request.headers)) {
      // fetch sets the length of the body itself.
      if (name.toLowerCase() !== 'content-length') headers[name] = String(value);
    }
    const response = await fetch(request.endpoint, {
      method: request.method,
      headers,
      body: request.body ? new Uint8Array(request.body) : undefined,
      // A push service answers; it does not send us on to somewhere else.
      redirect: 'manual',
      signal: AbortSignal.timeout(PUSH_TIMEOUT_MS),
    });
    await response.body?.cancel();
    if (response.status === 404 || response.status === 410) {
      await deps.db.delete(pushSubscription).where(eq(pushSubscription.id, subscription.id));
      deps.logger.info({ service, status: response.status }, 'push subscription gone: deleted');
      return;
    }
    if (response.status < 200 || response.status > 299) {
      deps.logger.warn({ service, status: response.status }, 'push message refused by the push service');
    }
  } catch (error) {
    deps.logger.warn({ service, err: error }, 'push message not sent');
  }
}
