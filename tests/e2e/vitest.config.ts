import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/** Browser tests: the built app served by the real server, driven in Debian's Chromium. Run after `npm run build`. */
export default defineConfig({
  test: {
    root: path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..'),
    include: ['tests/e2e/**/*.test.ts'],
    globalSetup: ['tests/setup/global.ts'],
    testTimeout: 90_000,
    hookTimeout: 90_000,
    // expect.poll waits for what a user would wait for on a loaded two-core machine: a reload, a query, a
    // live update (its default, 1 s, timed out the locked-card check once under load); a passing poll
    // returns as soon as it holds.
    expect: { poll: { timeout: 10_000 } },
    // One browser at a time: two cores are not enough for parallel Chromiums and a server.
    fileParallelism: false,
  },
});
