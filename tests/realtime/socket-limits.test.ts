import { afterAll, afterEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { TOO_MANY_SOCKETS_CLOSE_CODE } from '../../shared/live';
import { sessionTokenFor } from '../helpers/caller';
import { createTestDeps, type TestDeps } from '../helpers/deps';
import { createUser } from '../helpers/factories';
import { startTestServer, type TestServer } from '../helpers/server';

/**
 * Open sockets per client address (after TRUST_PROXY) and per session cookie are bounded: past the bound a
 * socket is closed at once with 4429, and a place is free again when a socket closes.
 */

interface Opened {
  socket: WebSocket;
  closed: Promise<{ code: number; reason: string }>;
}

const sockets: WebSocket[] = [];
afterEach(() => {
  for (const s of sockets.splice(0)) s.terminate();
});

async function open(server: TestServer, headers: Record<string, string> = {}): Promise<Opened> {
  const socket = new WebSocket(`${server.url.replace('http', 'ws')}/trpc`, { headers });
  sockets.push(socket);
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    socket.once('close', (code, reason) => resolve({ code, reason: reason.toString() })),
  );
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  return { socket, closed };
}

/** The socket is being served: a subscription on it starts. */
async function served({ socket }: Opened): Promise<void> {
  const started = new Promise<void>((resolve, reject) => {
    socket.on('message', (raw) => {
      const message = JSON.parse(String(raw)) as { id?: number; result?: { type?: string } };
      if (message.id === 1 && message.result?.type === 'started') resolve();
    });
    socket.once('close', (code) => reject(new Error(`closed with ${code}`)));
  });
  socket.send(JSON.stringify({ id: 1, method: 'subscription', params: { path: 'feed.onItem', input: {} } }));
  await started;
}

async function refused(opened: Opened): Promise<void> {
  expect(await opened.closed).toEqual({
    code: TOO_MANY_SOCKETS_CLOSE_CODE,
    reason: 'For mange samtidige forbindelser',
  });
}

describe('sockets per session', () => {
  let deps: TestDeps;
  let server: TestServer;
  afterAll(() => server.close());

  it('ten sockets with one cookie are served, the eleventh is closed with 4429; one closing frees a place', async () => {
    deps = await createTestDeps();
    server = await startTestServer(deps);
    expect(deps.config.liveSocketsPerSession).toBe(10);
    const cookie = `service_session=${await sessionTokenFor(deps, await createUser(deps.db))}`;
    const mine = await Promise.all(Array.from({ length: 10 }, () => open(server, { cookie })));
    for (const s of mine) await served(s);
    await refused(await open(server, { cookie }));
    // Another person's session on the same address is counted apart.
    const other = `service_session=${await sessionTokenFor(deps, await createUser(deps.db))}`;
    await served(await open(server, { cookie: other }));
    mine[0]!.socket.close();
    await mine[0]!.closed;
    // The server hears the close a moment after the client does: a new socket is served once it has.
    await expect
      .poll(async () => {
        const next = await open(server, { cookie });
        return Promise.race([served(next).then(() => 'served'), next.closed.then(({ code }) => code)]);
      })
      .toBe('served');
  });
});

describe('sockets per client address', () => {
  let server: TestServer;
  afterAll(() => server.close());

  it('counts by the address TRUST_PROXY names, and refuses past the bound with 4429', async () => {
    const deps = await createTestDeps({ env: { LIVE_SOCKETS_PER_ADDRESS: '5', TRUST_PROXY: 'loopback' } });
    server = await startTestServer(deps);
    const club = { 'x-forwarded-for': '203.0.113.10' };
    const five = await Promise.all(Array.from({ length: 5 }, () => open(server, club)));
    for (const s of five) await served(s);
    await refused(await open(server, club));
    // Another address behind the same proxy has its own count.
    await served(await open(server, { 'x-forwarded-for': '203.0.113.11' }));
  });

  it('without TRUST_PROXY, a forwarded address is not believed: every socket counts for the peer', async () => {
    const deps = await createTestDeps({ env: { LIVE_SOCKETS_PER_ADDRESS: '3' } });
    const untrusting = await startTestServer(deps);
    try {
      const three = await Promise.all(
        ['198.51.100.1', '198.51.100.2', '198.51.100.3'].map((ip) => open(untrusting, { 'x-forwarded-for': ip })),
      );
      for (const s of three) await served(s);
      await refused(await open(untrusting, { 'x-forwarded-for': '198.51.100.4' }));
    } finally {
      await untrusting.close();
    }
  });
});
