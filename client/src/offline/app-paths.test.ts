import { describe, expect, it } from 'vitest';
import { ROUTES } from '../routes';
import { APP_PATH_PATTERN } from './app-paths';

describe('the paths the service worker answers with the app shell', () => {
  it('cover every route of the app', () => {
    const paths = Object.values(ROUTES).map((route) =>
      typeof route === 'function' ? (route as (...ids: string[]) => string)('x', 'y') : route,
    );
    expect(paths.length).toBeGreaterThan(20);
    for (const path of paths) expect(path, path).toMatch(APP_PATH_PATTERN);
    expect('/runder/6c1f?hull=3'.split('?')[0]).toMatch(APP_PATH_PATTERN);
  });

  it('leave the API, the live socket, the development outbox and the files to the server', () => {
    for (const path of [
      '/trpc/auth.me',
      '/auth/me',
      '/rounds/1/scores',
      '/dev/mail',
      '/healthz',
      '/sw.js',
      '/manifest.webmanifest',
      '/kontoen',
      '/feeds',
    ])
      expect(path).not.toMatch(APP_PATH_PATTERN);
  });
});
