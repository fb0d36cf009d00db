import type { AddressInfo } from 'node:net';
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
