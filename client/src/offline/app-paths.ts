/**
 * The paths the app answers in the browser (routes.ts), as one pattern: the service worker answers a
 * navigation to one of them with the precached app shell, with or without network, and leaves every other
 * path (the REST API, /trpc, /dev/mail, the API docs, /healthz) to the server. Imported by vite.config.ts;
 * app-paths.test.ts checks it against every route.
 */
export const APP_PATH_PATTERN = /^\/(?:$|(?:login|konto|klubber|runder|drift|turneringer|feed|t)(?:\/|$))/;
