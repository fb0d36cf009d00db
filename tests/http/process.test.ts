import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { type AddressInfo, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { unusedPort } from '../helpers/server';

// A first start creates the embedded database in a child process, then migrates and seeds it: seconds alone,
// more than a minute on a busy two-core machine.
const START_MS = 170_000;

/** The service as its own process, its stdout and stderr kept together as they come. */
function startService(args: string[], env: Record<string, string>) {
  const child = spawn(process.execPath, args, {
    env: { ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => output, exited };
}

describe('the service process', () => {
  it(
    'starts on the embedded database, serves, and stops cleanly on SIGTERM',
    async () => {
      const port = await unusedPort();
      const dataDir = mkdtempSync(path.join(tmpdir(), 'golf-process-'));
      const { child, output, exited } = startService(['--import', 'tsx', 'server/index.ts'], {
        PORT: String(port),
        DATA_DIR: dataDir,
      });
      try {
        // A first start creates the database in a child process: tens of seconds on a loaded machine.
        await expect.poll(() => output().includes('"listening"'), { timeout: START_MS, interval: 200 }).toBe(true);
        // The person who typed `npm start` is told where to go, in one plain line.
        await expect
          .poll(() => output().includes(`Hullvis is running: open http://localhost:${port} in a browser.`))
          .toBe(true);
        const ready = await fetch(`http://127.0.0.1:${port}/readyz`);
        expect(ready.status).toBe(200);
        child.kill('SIGTERM');
        expect(await exited).toBe(0);
        expect(output()).toContain('"stopped"');
      } finally {
        child.kill('SIGKILL');
      }
    },
    START_MS + 10_000,
  );

  // What `npm start` runs: the server bundled into dist/server (decision 0016), started without tsx, in
  // development (NODE_ENV's default), where its console is read by a person.
  it(
    'starts from its build on an empty data folder, creates and seeds the embedded database, serves, in readable lines',
    async () => {
      execFileSync('npm', ['run', 'build:server'], { stdio: 'ignore' });
      const port = await unusedPort();
      const dataDir = mkdtempSync(path.join(tmpdir(), 'golf-build-'));
      const { child, output, exited } = startService(['dist/server/index.mjs'], {
        PORT: String(port),
        DATA_DIR: dataDir,
        NODE_ENV: 'development',
      });
      try {
        await expect.poll(() => /INFO: listening/.test(output()), { timeout: START_MS, interval: 200 }).toBe(true);
        // Created (and migrated) by a child process, then opened, then seeded from data/demo-courses.json.
        expect(output()).toMatch(/INFO: creating the embedded database/);
        expect(output()).toMatch(/INFO: demo courses seeded/);
        // One readable line per entry (time, level, message, fields), not JSON.
        expect(output()).toMatch(/^\[\d\d:\d\d:\d\d\] INFO: listening \{.*"port":/m);
        expect(
          output()
            .split('\n')
            .filter((line) => line.startsWith('{')),
        ).toEqual([]);
        const demo = await fetch(`http://127.0.0.1:${port}/public/tournaments/vaarcup-demo`);
        expect(demo.status).toBe(200);
        // Files found from the project's folder, not from the bundle's: the API reference page.
        const docs = await fetch(`http://127.0.0.1:${port}/docs/api`);
        expect(docs.status).toBe(200);
        expect(await docs.text()).toContain('<html');
        child.kill('SIGTERM');
        expect(await exited).toBe(0);
      } finally {
        child.kill('SIGKILL');
      }
    },
    START_MS + 10_000,
  );

  it('refuses to start with a bad variable and says which', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/index.ts'], {
      env: { ...process.env, SESSION_SECRET: 'short', NODE_ENV: 'test' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stderr.on('data', (d) => (output += d));
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    expect(code).toBe(1);
    expect(output).toMatch(/SESSION_SECRET: must be at least 32 bytes/);
  });

  /** Starts the service with `env` and expects it to stop at once with one line on stderr. */
  async function refusedStart(env: Record<string, string>): Promise<{ code: number | null; stderr: string }> {
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/index.ts'], {
      env: { ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'silent', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (d) => (stderr += d));
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    return { code, stderr };
  }

  it(
    'says in one line, without a stack trace, that the port is busy',
    async () => {
      const busy = createServer();
      const port = await new Promise<number>((resolve) =>
        busy.listen(0, '::', () => resolve((busy.address() as AddressInfo).port)),
      );
      try {
        const dataDir = mkdtempSync(path.join(tmpdir(), 'golf-process-'));
        const { code, stderr } = await refusedStart({ PORT: String(port), DATA_DIR: dataDir });
        expect(code).toBe(1);
        expect(stderr.trim()).toBe(
          `Cannot start: port ${port} is already in use. Stop the program that uses it, or set PORT to a free port.`,
        );
      } finally {
        busy.close();
      }
    },
    START_MS,
  );

  it(
    'says in one line that the database does not answer, without its password',
    async () => {
      const closed = await unusedPort();
      const { code, stderr } = await refusedStart({
        PORT: String(await unusedPort()),
        DATABASE_URL: `postgres://golf:hemmelig@127.0.0.1:${closed}/golf`,
      });
      expect(code).toBe(1);
      expect(stderr.trim()).toBe(
        `Cannot start: the database at postgres://golf:***@127.0.0.1:${closed}/golf does not answer (ECONNREFUSED). Check DATABASE_URL and that PostgreSQL is running.`,
      );
    },
    START_MS,
  );
});
