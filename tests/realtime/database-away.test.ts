import { randomUUID } from 'node:crypto';
import { createConnection, createServer, type Server, type Socket } from 'node:net';
import { createTRPCClient, createWSClient, wsLink } from '@trpc/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { liveRetryLink } from '../../client/src/lib/realtime/live-retry';
import { SESSION_COOKIE } from '../../server/auth/session-token';
import { openDatabase, type DatabaseHandle } from '../../server/db/client';
import type { AppRouter } from '../../server/trpc/router';
import { callerAs, sessionTokenFor } from '../helpers/caller';
import { databaseKinds, postgresOnly } from '../helpers/db';
import { createTestDeps, type TestDeps } from '../helpers/deps';
import { createUser } from '../helpers/factories';
import { startTestServer, unusedPort, type TestServer } from '../helpers/server';
import { demoCourse, roundWithPlayers } from '../rounds/helpers';

/**
 * A phone's socket that comes back while the database is away. Its subscription is refused
 * (503 UNAVAILABLE); the app's link chain (client/src/lib/realtime/live-retry.ts before the WebSocket link) starts it
 * again until the database is back, and from then on the phone gets the round's events. The database's
 * absence is real: the server's pool reaches PostgreSQL through a TCP relay that this test stops (every
 * connection refused) and starts again.
 */

/** A TCP relay on `port` to PostgreSQL; `stop()` refuses connections and cuts the open ones, as a stopped server does. */
function relay(port: number, target: { host: string; port: number }) {
  let server: Server | null = null;
  const open = new Set<Socket>();
  return {
    async start() {
      server = createServer((client) => {
        const upstream = createConnection(target);
        open.add(client).add(upstream);
        const end = () => {
          client.destroy();
          upstream.destroy();
          open.delete(client);
          open.delete(upstream);
        };
        client.on('error', end).on('close', end).pipe(upstream);
        upstream.on('error', end).on('close', end).pipe(client);
      });
      await new Promise<void>((resolve) => server!.listen(port, '127.0.0.1', resolve));
    },
    async stop() {
      for (const socket of open) socket.destroy();
      open.clear();
      await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
      server = null;
    },
  };
}

/** A client with the app's chain for subscriptions (client/src/trpc.ts), its socket carrying `cookie`. */
function liveClient(server: TestServer, cookie: string) {
  class CookieWebSocket extends WebSocket {
    constructor(url: string, protocols?: string | string[]) {
      super(url, protocols, { headers: { cookie } });
    }
  }
  const wsClient = createWSClient({
    url: `${server.url.replace('http', 'ws')}/trpc`,
    WebSocket: CookieWebSocket as unknown as typeof globalThis.WebSocket,
  });
  return { wsClient, client: createTRPCClient<AppRouter>({ links: [liveRetryLink(), wsLink({ client: wsClient })] }) };
}

describe.each(databaseKinds())('a refused live subscription on %s', (kind) => {
  it('is not started again: the refusal (404) reaches the screen at once', async () => {
    const deps = await createTestDeps({ db: kind });
    const server = await startTestServer(deps);
    const player = await createUser(deps.db, { name: 'Nora Nei', handicapIndex: 20 });
    const { wsClient, client } = liveClient(server, `${SESSION_COOKIE}=${await sessionTokenFor(deps, player)}`);
    const errors: { data?: { appCode?: string } }[] = [];
    const subscription = client.rounds.onUpdate.subscribe(
      { roundId: randomUUID() },
      { onError: (error) => errors.push(error as { data?: { appCode?: string } }) },
    );
    try {
      const deadline = Date.now() + 10_000;
      while (errors.length === 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
      expect(errors.map((e) => e.data?.appCode)).toEqual(['NOT_FOUND']);
    } finally {
      subscription.unsubscribe();
      wsClient.close();
      await server.close();
    }
  });
});

describe.each(postgresOnly())('a live round while the database is away on %s', () => {
  let deps: TestDeps;
  let database: DatabaseHandle;
  let server: TestServer;
  let db: ReturnType<typeof relay>;

  beforeAll(async () => {
    deps = await createTestDeps({ db: 'postgres' });
    const direct = new URL(deps.databaseUrl!);
    const port = await unusedPort();
    db = relay(port, { host: direct.hostname, port: Number(direct.port || 5432) });
    await db.start();
    const relayed = new URL(deps.databaseUrl!);
    relayed.host = `127.0.0.1:${port}`;
    database = await openDatabase({ databaseUrl: relayed.toString() });
    // The server's queries go through the relay; the test's own setup goes straight to the database.
    server = await startTestServer({ ...deps, db: database.db });
  });
  afterAll(async () => {
    await server?.close();
    await database?.close();
    await db?.stop();
  });

  it('a subscription refused while it is gone starts again by itself and gets every score after', async () => {
    const player = await createUser(deps.db, { name: 'Rita Retry', handicapIndex: 14 });
    const { course, teeId } = await demoCourse(deps, 'oslo-gk', 'Bogstad');
    const { caller } = await callerAs(deps, player);
    const {
      round,
      participants: [participant],
    } = await roundWithPlayers(
      caller,
      { courseId: course.id, teeId, playedOn: '2026-08-01', format: 'stroke', holes: '18' },
      [player.id],
      'Rita',
    );
    const cookie = `${SESSION_COOKIE}=${await sessionTokenFor(deps, player)}`;

    // The app's chain for subscriptions (client/src/trpc.ts).
    const { wsClient, client } = liveClient(server, cookie);

    await db.stop();
    const events: { type: string; hole?: number }[] = [];
    const errors: unknown[] = [];
    const subscription = client.rounds.onUpdate.subscribe(
      { roundId: round.id },
      {
        onData: (event) => events.push(event.data as { type: string; hole?: number }),
        onError: (error) => errors.push(error),
      },
    );
    try {
      // Long enough for the first attempt to be refused and a retry to be waiting.
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      expect(events).toEqual([]);
      await db.start();

      const until = async (done: () => boolean) => {
        const deadline = Date.now() + 15_000;
        while (!done() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
      };
      await until(() => events.length >= 1);
      expect(events[0]?.type).toBe('snapshot');
      const res = await fetch(`${server.url}/rounds/${round.id}/scores`, {
        method: 'PUT',
        headers: { cookie, 'content-type': 'application/json' },
        body: JSON.stringify({ participantId: participant.id, hole: 1, strokes: 5, previousStrokes: null }),
      });
      expect(res.status).toBe(200);
      await until(() => events.length >= 2);
      expect(events.map((e) => [e.type, e.hole])).toEqual([
        ['snapshot', undefined],
        ['score', 1],
      ]);
      expect(errors).toEqual([]);
    } finally {
      subscription.unsubscribe();
      wsClient.close();
    }
  });
});
