/**
 * The service worker (decision 0019): Workbox precaches the app shell (index.html, every screen's chunk,
 * the styles, the icons; the list and revisions are written in at build time) and answers a navigation to
 * any path of the app with the cached index.html, with or without network. Nothing the API answers is
 * cached here: the round being played is kept by the app itself (client/src/offline/), per user.
 */
import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { APP_PATH_PATTERN } from './offline/app-paths';

interface WorkerEvent {
  waitUntil(work: Promise<unknown>): void;
}
interface PushEvent extends WorkerEvent {
  data: { json(): unknown } | null;
}
interface NotificationClickEvent extends WorkerEvent {
  notification: Notification;
}
interface WindowClient {
  url: string;
  focus(): Promise<WindowClient>;
  navigate(url: string): Promise<WindowClient | null>;
}
declare const self: {
  __WB_MANIFEST: Parameters<typeof precacheAndRoute>[0];
  skipWaiting(): Promise<void>;
  location: Location;
  registration: ServiceWorkerRegistration;
  clients: {
    matchAll(options: { type: 'window'; includeUncontrolled: boolean }): Promise<readonly WindowClient[]>;
    openWindow(url: string): Promise<WindowClient | null>;
  };
  addEventListener(type: 'push', listener: (event: PushEvent) => void): void;
  addEventListener(type: 'notificationclick', listener: (event: NotificationClickEvent) => void): void;
};

// A new release takes over at once; the page in use keeps running its own code until the next navigation.
void self.skipWaiting();
clientsClaim();
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();
registerRoute(new NavigationRoute(createHandlerBoundToURL('/index.html'), { allowlist: [APP_PATH_PATTERN] }));

/** An address of this app, or its start page: a message never sends the phone to another site. */
function ownUrl(value: unknown): string {
  const home = new URL('/', self.location.origin).href;
  if (typeof value !== 'string') return home;
  try {
    const url = new URL(value, self.location.origin);
    return url.origin === self.location.origin ? url.href : home;
  } catch {
    return home;
  }
}

/**
 * A push message (decision 0429): the server sends `{title, body, url}`; it is shown as a notification (a
 * browser requires one for every push), and a tap opens its page in the app.
 */
self.addEventListener('push', (event) => {
  let message: { title?: unknown; body?: unknown; url?: unknown } = {};
  try {
    const data = event.data?.json();
    if (typeof data === 'object' && data !== null) message = data;
  } catch {
    // Not JSON: the notification says the app's name only.
  }
  const title = typeof message.title === 'string' && message.title !== '' ? message.title : 'Hullvis';
  event.waitUntil(
    self.registration.showNotification(title, {
      body: typeof message.body === 'string' ? message.body : '',
      data: { url: ownUrl(message.url) },
      icon: '/icons/icon-192.png',
      lang: '',
    }),
  );
});

/** A tap on the notification: the app's window already on that page comes forward, else one is opened there. */
self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = ownUrl((event.notification.data as { url?: unknown } | null)?.url);
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const there = windows.find((w) => w.url === url);
      if (there) return there.focus();
      const open = windows.find((w) => new URL(w.url).origin === self.location.origin);
      if (open) {
        const moved = await open.navigate(url).catch(() => null);
        if (moved) return moved.focus();
      }
      return self.clients.openWindow(url);
    })(),
  );
});
