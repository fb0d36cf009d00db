/**
 * This browser's Web Push subscription (decision 0429). The subscription lives in the browser (the service
 * worker's PushManager); the server keeps a copy per account. Everything here tolerates a browser without
 * push: it answers "none" there.
 */

/** Whether this browser can take push messages at all: the toggle is hidden where it cannot. */
export function pushSupported(): boolean {
  return (
    typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window
  );
}

async function registration(): Promise<ServiceWorkerRegistration | null> {
  if (!pushSupported()) return null;
  return (await navigator.serviceWorker.getRegistration()) ?? null;
}

export async function thisBrowsersSubscription(): Promise<PushSubscription | null> {
  return (await (await registration())?.pushManager.getSubscription()) ?? null;
}

function bytesOfBase64Url(value: string): Uint8Array<ArrayBuffer> {
  const base64 = value
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(value.length / 4) * 4, '=');
  return Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
}

/**
 * Subscribes with the server's key. A subscription made with another key (the server's keys were replaced)
 * cannot be reused: the browser refuses a second one until the first is gone.
 */
export async function subscribeThisBrowser(publicKey: string): Promise<PushSubscription> {
  const ready = await navigator.serviceWorker.ready;
  const key = bytesOfBase64Url(publicKey);
  const existing = await ready.pushManager.getSubscription();
  if (existing) {
    const existingKey = existing.options.applicationServerKey;
    const same = existingKey !== null && new Uint8Array(existingKey).every((b, i) => b === key[i]);
    if (same) return existing;
    await existing.unsubscribe();
  }
  return ready.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
}

/** What POST /account/push-subscriptions takes, from the browser's own JSON of the subscription. */
export function subscriptionBody(subscription: PushSubscription): {
  endpoint: string;
  keys: { p256dh: string; auth: string };
} {
  const json = subscription.toJSON();
  return { endpoint: subscription.endpoint, keys: { p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' } };
}

/**
 * Ends this browser's subscription: first on the server (`removeOnServer`, while the session still is),
 * then in the browser, so the push service forgets the endpoint too. Failures are swallowed: signing out
 * must go on, and a subscription the browser dropped is answered 410 at the next push, which deletes it.
 */
export async function unsubscribeThisBrowser(removeOnServer?: (endpoint: string) => Promise<unknown>): Promise<void> {
  try {
    const subscription = await thisBrowsersSubscription();
    if (!subscription) return;
    if (removeOnServer) await removeOnServer(subscription.endpoint).catch(() => undefined);
    await subscription.unsubscribe();
  } catch {
    // No service worker, or the browser refused: nothing more to do here.
  }
}
