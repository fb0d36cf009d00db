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
 * For express.static's `setHeaders`: the built app's files may be cached for an hour (their names under
 * assets/ change with their content), but index.html is revalidated every time, so a new release is picked up
 * at once. It must be set here: serve-static adds its own header only where none is set, and no-store is.
 */
export function appFileCacheControl(res: Response, file: string): void {
  res.setHeader(
    'Cache-Control',
    path.basename(file) === 'index.html' ? 'no-cache' : `public, max-age=${APP_FILE_MAX_AGE_SECONDS}`,
  );
}
