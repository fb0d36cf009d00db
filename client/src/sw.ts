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

declare const self: { __WB_MANIFEST: Parameters<typeof precacheAndRoute>[0]; skipWaiting(): Promise<void> };

// A new release takes over at once; the page in use keeps running its own code until the next navigation.
void self.skipWaiting();
clientsClaim();
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();
registerRoute(new NavigationRoute(createHandlerBoundToURL('/index.html'), { allowlist: [APP_PATH_PATTERN] }));
