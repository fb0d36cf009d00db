/**
 * The live sockets of bench/steady-load.ts, in a process of their own (their JSON parsing stays off the
 * load generator's event loop): raw `ws` clients speaking tRPC's wire protocol, each with a player's
 * session cookie, subscribed to one round's `rounds.onUpdate`. Like the app, a socket that closes is opened
 * again and a subscription that ends is started again, both resuming after the last event id the socket
 * has; every event id is kept, so that the bench can say whether any was lost, repeated or out of order.
 */
import WebSocket from 'ws';
import type { WatcherSummary, WatchersData } from './steady-load';

const RECONNECT_MS = 500;
const RESUBSCRIBE_MS = 1_000;
const SUBSCRIBE_TIMEOUT_MS = 180_000;
/** Opened in batches, each subscribed before the next (see bench/sockets.ts). */
const BATCH = 100;

interface Watcher {
  index: number;
  /** The server it connects to (with several instances, a round's sockets are spread over all of them). */
  base: string;
  roundId: string;
  cookie: string;
  socket: WebSocket | null;
  /** The subscription's request id on the current socket; a new one for each (re)subscription. */
  subscriptionId: number;
  /** The id of the first snapshot: the socket should have every event after it. */
  startId: number | null;
  /** The last event id seen (snapshot or event): where a resumed subscription starts. */
  position: number | null;
  events: number[];
  duplicated: number;
  reconnects: number;
  resubscribes: number;
}

const data: WatchersData = JSON.parse(process.env.BENCH_WATCHERS ?? 'null');
const errors: string[] = [];
const closeCodes: Record<string, number> = {};
const note = (error: string) => {
  if (errors.length < 20) errors.push(error);
};

function subscribe(w: Watcher): void {
  const socket = w.socket;
  if (!socket || socket.readyState !== WebSocket.OPEN) return;
  w.subscriptionId += 1;
  const input = { roundId: w.roundId, ...(w.position === null ? {} : { lastEventId: String(w.position) }) };
  socket.send(
    JSON.stringify({ id: w.subscriptionId, method: 'subscription', params: { path: 'rounds.onUpdate', input } }),
  );
}

function resubscribeLater(w: Watcher): void {
  w.resubscribes += 1;
  const socket = w.socket;
  setTimeout(() => {
    if (w.socket === socket) subscribe(w);
  }, RESUBSCRIBE_MS);
}

function open(w: Watcher): void {
  const socket = new WebSocket(`ws://${w.base.replace(/^http:\/\//, '')}/trpc`, {
    headers: { cookie: w.cookie },
  });
  w.socket = socket;
  socket.on('open', () => subscribe(w));
  socket.on('error', (error) => note(`socket ${w.index}: ${error.message}`));
  socket.on('close', (code) => {
    if (w.socket !== socket) return;
    closeCodes[code] = (closeCodes[code] ?? 0) + 1;
    w.socket = null;
    w.reconnects += 1;
    setTimeout(() => open(w), RECONNECT_MS);
  });
  socket.on('message', (raw) => {
    const text = String(raw);
    // tRPC's keep-alive: a connection that does not answer is closed by the server.
    if (text === 'PING') return socket.send('PONG');
    const message = JSON.parse(text);
    if (message.id !== w.subscriptionId) return;
    if (message.error) {
      note(`socket ${w.index}: ${message.error.data?.appCode ?? message.error.message}`);
      return resubscribeLater(w);
    }
    const result = message.result;
    if (result?.type === 'stopped') return resubscribeLater(w);
    if (result?.type !== 'data') return;
    const id = Number(result.data?.id);
    const event = result.data?.data;
    if (!Number.isFinite(id) || !event) return;
    if (event.type === 'snapshot') {
      w.startId ??= id;
      w.position = Math.max(w.position ?? id, id);
      return;
    }
    if (w.position !== null && id <= w.position) {
      w.duplicated += 1;
      return;
    }
    w.events.push(id);
    w.position = id;
  });
}

function summary(expected: Record<string, number[]>, watchers: Watcher[]): WatcherSummary {
  const result: WatcherSummary = {
    sockets: watchers.length,
    expected: 0,
    received: 0,
    lost: 0,
    duplicated: 0,
    unknown: 0,
    socketsMissingEvents: 0,
    reconnects: 0,
    resubscribes: 0,
    errors,
    closeCodes,
  };
  for (const w of watchers) {
    const all = expected[w.roundId] ?? [];
    const owed = all.filter((id) => w.startId !== null && id > w.startId);
    const got = new Set(w.events);
    const known = new Set(all);
    const lost = owed.filter((id) => !got.has(id)).length;
    result.expected += owed.length;
    result.received += w.events.length;
    result.lost += lost;
    result.duplicated += w.duplicated;
    result.unknown += w.events.filter((id) => !known.has(id)).length;
    if (lost > 0 || w.startId === null) result.socketsMissingEvents += 1;
    result.reconnects += w.reconnects;
    result.resubscribes += w.resubscribes;
  }
  return result;
}

async function main(): Promise<void> {
  const started = performance.now();
  const watchers: Watcher[] = [];
  for (let i = 0; i < data.sockets; i++) {
    const round = data.rounds[i % data.rounds.length]!;
    const cookie = round.cookies[Math.floor(i / data.rounds.length) % round.cookies.length]!;
    const w: Watcher = {
      index: i,
      base: data.bases[Math.floor(i / data.rounds.length) % data.bases.length]!,
      roundId: round.id,
      cookie,
      socket: null,
      subscriptionId: 0,
      startId: null,
      position: null,
      events: [],
      duplicated: 0,
      reconnects: 0,
      resubscribes: 0,
    };
    watchers.push(w);
    open(w);
    if (i % BATCH === BATCH - 1 || i === data.sockets - 1) {
      while (watchers.some((x) => x.startId === null)) {
        if (performance.now() - started > SUBSCRIBE_TIMEOUT_MS) {
          console.error(`only ${watchers.filter((x) => x.startId !== null).length} sockets subscribed`, errors);
          process.exit(1);
        }
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    }
  }
  process.on(
    'message',
    (message: {
      type: string;
      id: number;
      latest?: Record<string, number>;
      expected?: Record<string, number[]>;
      every?: number;
    }) => {
      const answer = (value: unknown) => process.send!({ id: message.id, value });
      if (message.type === 'behind')
        answer(watchers.filter((w) => (w.position ?? 0) < (message.latest![w.roundId] ?? 0)).length);
      else if (message.type === 'received') answer(watchers.reduce((n, w) => n + w.events.length, 0));
      else if (message.type === 'check') answer(summary(message.expected!, watchers));
      else if (message.type === 'drop') {
        // Cut every n-th socket, as a phone losing its network does: it opens again and resumes.
        const dropped = watchers.filter((w) => w.index % message.every! === 0);
        for (const w of dropped) w.socket?.terminate();
        answer(dropped.length);
      }
    },
  );
  process.send!({ type: 'ready', seconds: (performance.now() - started) / 1000 });
}

await main();
