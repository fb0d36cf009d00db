import { createTRPCClient, createWSClient, wsLink, type TRPCClientError } from '@trpc/client';
import WebSocket from 'ws';
import type { AppRouter } from '../../server/trpc/router';
import type { RoundUpdate } from '../../shared/schemas/rounds';
import type { TestServer } from './server';

/** One message of tRPC's WebSocket protocol, as the server sends it. */
export interface ServerMessage {
  id?: number | string | null;
  result?: { type: 'started' | 'data' | 'stopped'; id?: string; data?: unknown };
  error?: { message: string; data?: { appCode?: string } };
}

export interface RawSocket {
  socket: WebSocket;
  messages: ServerMessage[];
  /** Resolves with the close code once the server (or the client) closes the socket. */
  closed: Promise<{ code: number; reason: string }>;
  subscribe(id: number, path: string, input: unknown): void;
  /** Waits until a message matches (10 s at most). */
  waitFor(match: (message: ServerMessage) => boolean, what: string): Promise<ServerMessage>;
  data(id: number): unknown[];
}

/**
 * A WebSocket spoken to in tRPC's own protocol, without the client library: a test sees exactly what the
 * server sent and how it closed the socket, and nothing reconnects behind its back.
 */
export async function openRawSocket(server: TestServer, cookie: string | null): Promise<RawSocket> {
  const socket = new WebSocket(`${server.url.replace('http', 'ws')}/trpc`, cookie ? { headers: { cookie } } : {});
  const messages: ServerMessage[] = [];
  const waiters = new Set<() => void>();
  socket.on('message', (raw) => {
    messages.push(JSON.parse(String(raw)) as ServerMessage);
    for (const wake of waiters) wake();
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    socket.once('close', (code, reason) => {
      for (const wake of waiters) wake();
      resolve({ code, reason: reason.toString() });
    }),
  );
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  return {
    socket,
    messages,
    closed,
    subscribe(id, path, input) {
      socket.send(JSON.stringify({ id, method: 'subscription', params: { path, input } }));
    },
    async waitFor(match, what) {
      const deadline = Date.now() + 10_000;
      for (;;) {
        const found = messages.find(match);
        if (found) return found;
        if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}; got ${JSON.stringify(messages)}`);
        await new Promise<void>((resolve) => {
          waiters.add(resolve);
          setTimeout(() => {
            waiters.delete(resolve);
            resolve();
          }, 100);
        });
      }
    },
    data: (id) => messages.filter((m) => m.id === id && m.result?.type === 'data').map((m) => m.result!.data),
  };
}

/** A real WebSocket client, as a browser would be: the session cookie travels with the handshake. */
export function connect(server: Pick<TestServer, 'url'>, cookie: string | null, retryDelayMs = 200) {
  class CookieWebSocket extends WebSocket {
    constructor(url: string, protocols?: string | string[]) {
      super(url, protocols, cookie ? { headers: { cookie } } : {});
    }
  }
  const wsClient = createWSClient({
    url: `${server.url.replace('http', 'ws')}/trpc`,
    WebSocket: CookieWebSocket as unknown as typeof globalThis.WebSocket,
    retryDelayMs: () => retryDelayMs,
  });
  const client = createTRPCClient<AppRouter>({ links: [wsLink({ client: wsClient })] });
  return { wsClient, client };
}

export interface Received {
  id: string;
  data: RoundUpdate;
}

/**
 * Collects every event and error of a subscription started by `subscribe`; `next(n)` waits until n events
 * have arrived, `seen(match)` until one matches (for a stream that may merge or add frames, such as a
 * leaderboard read in batches), `failed()` until an error has.
 */
export function collect<Data>(
  subscribe: (handlers: { onData: (event: unknown) => void; onError: (error: TRPCClientError<AppRouter>) => void }) => {
    unsubscribe(): void;
  },
) {
  const events: { id: string; data: Data }[] = [];
  const errors: TRPCClientError<AppRouter>[] = [];
  const waiters: (() => void)[] = [];
  const wake = () => {
    for (const w of waiters.splice(0)) w();
  };
  const subscription = subscribe({
    onData: (event) => {
      events.push(event as { id: string; data: Data });
      wake();
    },
    onError: (error) => {
      errors.push(error);
      wake();
    },
  });
  const until = async (done: () => boolean, what: string) => {
    const deadline = Date.now() + 10_000;
    while (!done()) {
      if (Date.now() > deadline)
        throw new Error(
          `timed out waiting for ${what}; got ${JSON.stringify(events.map((e) => e.data))} ${errors.map((e) => e.message)}`,
        );
      await new Promise<void>((resolve) => {
        waiters.push(resolve);
        setTimeout(resolve, 100);
      });
    }
  };
  return {
    events,
    errors,
    subscription,
    next: (count: number) => until(() => events.length >= count, `${count} events`),
    seen: async (match: (data: Data) => boolean, what: string) => {
      await until(() => events.some((e) => match(e.data)), what);
      return events.find((e) => match(e.data))!.data;
    },
    failed: () => until(() => errors.length > 0, 'an error'),
  };
}

/** Subscribes to a round's live updates and collects every event. */
export function watch(client: ReturnType<typeof connect>['client'], input: { roundId: string; lastEventId?: string }) {
  return collect<RoundUpdate>((handlers) => client.rounds.onUpdate.subscribe(input, handlers));
}
