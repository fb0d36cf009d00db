import { createServer, type AddressInfo } from 'node:net';
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
