import path from 'node:path';
import type { RequestHandler, Response } from 'express';

/**
 * Every answer starts as `Cache-Control: no-store` (decision 0007): the API's answers carry sessions, TOTP
 * secrets, recovery codes and account data, and a shared or browser cache must keep none of them. Only the
 * built app's files say otherwise, explicitly (`appFileCacheControl`, the SPA fallback's `no-cache`).
 */
export function noStoreByDefault(): RequestHandler {
  return (_req, res, next) => {
    res.setHeader('Cache-Control', 'no-store');
    next();
  };
}

const APP_FILE_MAX_AGE_SECONDS = 3600;

/**
 * The app's files with a fixed name, which a new release changes in place: the page, the service worker and
 * its registration, the web manifest. A browser must ask for them every time (a cached sw.js would keep an
 * old release installed for as long as it is cached).
 */
const REVALIDATED_FILES = new Set(['index.html', 'sw.js', 'registerSW.js', 'manifest.webmanifest']);

/**
 * For express.static's `setHeaders`: the built app's files may be cached for an hour (their names under
 * assets/ change with their content), but the files above are revalidated every time, so a new release is
 * picked up at once. It must be set here: serve-static adds its own header only where none is set, and
 * no-store is.
 */
export function appFileCacheControl(res: Response, file: string): void {
  res.setHeader(
    'Cache-Control',
    REVALIDATED_FILES.has(path.basename(file)) ? 'no-cache' : `public, max-age=${APP_FILE_MAX_AGE_SECONDS}`,
  );
}

/**
 * A path that names a file (sw.js, an old chunk under assets/, a source map) but was not found among the
 * built files: the SPA fallback must answer it 404, not with index.html, or a browser would install a page
 * as its service worker or run HTML as a script.
 */
export function looksLikeAFile(pathname: string): boolean {
  return /\.(?:js|mjs|css|map|webmanifest|json|png|svg|ico|txt|woff2?)$/i.test(pathname);
}
