import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createApp, type AppOptions } from '../../server/app';
import type { Deps } from '../../server/deps';

export interface TestServer {
  url: string;
  close(): Promise<void>;
}

/** The real HTTP + WebSocket server on a random loopback port. PUBLIC_URL must match it for Origin checks. */
export async function startTestServer(deps: Deps, options: AppOptions = { client: 'none' }): Promise<TestServer> {
  const app = await createApp(deps, options);
  await new Promise<void>((resolve) => app.server.listen(0, '127.0.0.1', resolve));
  const { port } = app.server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, close: () => app.close() };
}

/**
 * A loopback port that was free a moment ago: for a process the test starts itself, or (left unused) for a
 * connection that must be refused.
 */
export async function unusedPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface ServerProcess {
  url: string;
  /** The server's own process id (its RSS is read from /proc/<pid>/status). */
  pid: number;
  stop(): Promise<void>;
}

/**
 * The real server entry (`server/index.ts`) in a process of its own on a free port, as a deployment runs
 * it: several of them on one DATABASE_URL are several instances. Resolves once `/readyz` answers; fails
 * with the process's output if it exits first.
 */
export async function startServerProcess(
  env: Record<string, string>,
  options: { timeoutMs?: number } = {},
): Promise<ServerProcess> {
  const port = await unusedPort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'golf-instance-'));
  // SERVER_NODE_ARGS: flags for the instances' node alone, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof` for a bench
  // (node refuses --cpu-prof in NODE_OPTIONS, which would profile the load generator too).
  const nodeArgs = process.env.SERVER_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', 'server/index.ts'], {
    cwd: ROOT,
    env: { ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'warn', ...env, PORT: String(port), DATA_DIR: dataDir },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  child.stdout.on('data', (chunk) => output.push(String(chunk)));
  child.stderr.on('data', (chunk) => output.push(String(chunk)));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
    rmSync(dataDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + (options.timeoutMs ?? 60_000);
  for (;;) {
    if (child.exitCode !== null) {
      await stop();
      throw new Error(`the server process exited with ${child.exitCode}:\n${output.join('')}`);
    }
    if (
      await fetch(`${url}/readyz`).then(
        (res) => res.ok,
        () => false,
      )
    )
      return { url, pid: child.pid!, stop };
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`the server process on port ${port} was not ready in time:\n${output.join('')}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
