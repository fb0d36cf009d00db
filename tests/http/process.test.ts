import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { unusedPort } from '../helpers/server';

describe('the service process', () => {
  it('starts on the embedded database, serves, and stops cleanly on SIGTERM', async () => {
    const port = await unusedPort();
    const dataDir = mkdtempSync(path.join(tmpdir(), 'golf-process-'));
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/index.ts'], {
      env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, NODE_ENV: 'test', LOG_LEVEL: 'info' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    try {
      // A first start creates the database in a child process: tens of seconds on a loaded machine.
      await expect.poll(() => output.includes('"listening"'), { timeout: 170_000, interval: 200 }).toBe(true);
      const ready = await fetch(`http://127.0.0.1:${port}/readyz`);
      expect(ready.status).toBe(200);
      child.kill('SIGTERM');
      expect(await exited).toBe(0);
      expect(output).toContain('"stopped"');
    } finally {
      child.kill('SIGKILL');
    }
  }, 180_000);

  // What `npm start` runs: the server bundled into dist/server (decision 0016), started without tsx.
  it('starts from its build on an empty data folder, creates and seeds the embedded database, serves', async () => {
    execFileSync('npm', ['run', 'build:server'], { stdio: 'ignore' });
    const port = await unusedPort();
    const dataDir = mkdtempSync(path.join(tmpdir(), 'golf-build-'));
    const child = spawn(process.execPath, ['dist/server/index.mjs'], {
      env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, NODE_ENV: 'test', LOG_LEVEL: 'info' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    try {
      await expect.poll(() => output.includes('"listening"'), { timeout: 170_000, interval: 200 }).toBe(true);
      // Created (and migrated) by a child process, then opened, then seeded from data/demo-courses.json.
      expect(output).toContain('"creating the embedded database"');
      expect(output).toContain('"demo courses seeded"');
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
  }, 180_000);

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
});
