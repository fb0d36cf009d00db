/**
 * Phones on the live paths, for bench/saturday.ts: raw `ws` clients in a process of their own (their JSON
 * parsing stays off the load generator's loop), each one subscription of tRPC's wire protocol on its own
 * socket. They resume as the app's tRPC client does: a closed socket is opened again at once and then with
 * tRPC's backoff (0 ms, 2 s, 4 s, … up to 30 s), and its subscription is sent again with the last tracked id
 * it had as `params.lastEventId` (wsLink); a subscription the server ended with a 5xx is started again
 * after 1 s (client/src/lib/realtime/live-retry.ts). A reconnect goes to the next server in the list, as a
 * load balancer does once an instance stops answering.
 * Every tracked id is kept with the time it came, so that afterwards the parent can ask for the latency
 * from each write's acknowledgement and whether anything was lost or repeated. A few leaderboard sockets
 * (`keepsBoard`) also apply every update as the public page does, to compare with the server's board.
 */
import WebSocket from 'ws';
import type { LeaderboardUpdate, LeaderboardView } from '../shared/schemas/tournaments';
import { applyLeaderboardUpdate } from '../client/src/features/public/leaderboard-state';

/** Opened in batches, each subscribed before the next (see bench/sockets.ts). */
const BATCH = 200;
const SUBSCRIBE_TIMEOUT_MS = 300_000;
const LIVE_RETRY_MS = 1_000;

export type Stream = 'player' | 'spectator' | 'chat' | 'feed';

export interface ClientSpec {
  stream: Stream;
  /** What the client follows: its events' ids are compared with this key's ids (a tournament, a club, the feed). */
  key: string;
  path: string;
  input: Record<string, unknown>;
  cookie: string | null;
  /** The server it connects to first (an index into the bases). */
  base: number;
  keepsBoard?: boolean;
}

/** A write the parent made, with the time it was acknowledged (performance.timeOrigin-based ms). */
export interface AckedWrite {
  /** Leaderboard: the tournament event's id; chat: the message id; feed: the item id. */
  ref: string;
  /** Leaderboard writes: the event id as a number (a socket has the score once it holds any id ≥ it). */
  eventId?: number;
  ackAt: number;
}

export interface StreamReport {
  /** Latency (ms) of each delivery, acknowledgement to socket; and per write, to its last socket. */
  deliveries: number[];
  toLastSocket: number[];
  /** Deliveries owed (a socket subscribed before the write) that never came. */
  lost: number;
  repeated: number;
  /** Sockets not at their stream's newest id at the end. */
  behind: number;
  errors: string[];
}

export interface ClientsReport {
  byStream: Partial<Record<Stream, StreamReport>>;
  reconnects: number;
  /** For sockets that closed at least once: from the close to the first event after resubscribing, ms. */
  resumes: number[];
  /** Boards kept by applying updates, with their key, for the parent to compare with the server's. */
  boards: { key: string; board: LeaderboardView | undefined }[];
  closeCodes: Record<string, number>;
  /** Socket errors by message (a refused connection, a failed handshake). */
  socketFailures: Record<string, number>;
}

interface Client {
  spec: ClientSpec;
  index: number;
  socket: WebSocket | null;
  baseIndex: number;
  attempts: number;
  subscriptionId: number;
  /** The first tracked id (the subscription's starting point): events after it are owed. */
  startId: number | null;
  startedAt: number | null;
  position: number | null;
  ids: number[];
  times: number[];
  refs: (string | null)[];
  repeated: number;
  closedAt: number | null;
  board: LeaderboardView | undefined;
}

const now = () => performance.timeOrigin + performance.now();
const errors: string[] = [];
const errorsByStream: Partial<Record<Stream, string[]>> = {};
const closeCodes: Record<string, number> = {};
const socketFailures: Record<string, number> = {};
let reconnects = 0;
const resumes: number[] = [];
let bases: string[] = [];

function note(client: Client, error: string): void {
  const list = errorsByStream[client.spec.stream] ?? [];
  errorsByStream[client.spec.stream] = list;
  list.push(`${client.spec.stream} ${client.index}: ${error}`);
  if (errors.length < 20) errors.push(`${client.spec.stream} ${client.index}: ${error}`);
}

/** Instances the parent has killed. */
const deadBases = new Set<number>();

function nextBase(from: number): number {
  for (let k = 1; k <= bases.length; k++) {
    const candidate = (from + k) % bases.length;
    if (!deadBases.has(candidate)) return candidate;
  }
  return from;
}

/** tRPC's wsClient: the first reconnect at once, then 2 s, 4 s, … (exponentialBackoff). */
function reconnectDelay(attempt: number): number {
  return attempt === 0 ? 0 : Math.min(1000 * 2 ** attempt, 30_000);
}

function subscribe(c: Client): void {
  const socket = c.socket;
  if (!socket || socket.readyState !== WebSocket.OPEN) return;
  c.subscriptionId += 1;
  const params = {
    path: c.spec.path,
    input: c.spec.input,
    ...(c.position === null ? {} : { lastEventId: String(c.position) }),
  };
  socket.send(JSON.stringify({ id: c.subscriptionId, method: 'subscription', params }));
}

/** A reference to what the event is about, where the parent correlates by it (chat: the message, feed: the item). */
function refOf(stream: Stream, event: any): string | null {
  if (stream === 'chat') return event?.kind === 'message' ? (event.message?.id ?? null) : null;
  if (stream === 'feed') return event?.id ?? null;
  return null;
}

function open(c: Client): void {
  const socket = new WebSocket(`ws://${bases[c.baseIndex]}/trpc`, {
    headers: c.spec.cookie ? { cookie: c.spec.cookie } : {},
  });
  c.socket = socket;
  socket.on('open', () => {
    c.attempts = 0;
    subscribe(c);
  });
  // A refused handshake is followed by 'close', which reconnects; the reason is counted for the report.
  socket.on('error', (error) => {
    const reason = error.message.replace(/\d+\.\d+\.\d+\.\d+:\d+/, '<server>');
    socketFailures[reason] = (socketFailures[reason] ?? 0) + 1;
  });
  socket.on('close', (code) => {
    if (c.socket !== socket) return;
    closeCodes[code] = (closeCodes[code] ?? 0) + 1;
    c.socket = null;
    c.closedAt ??= now();
    reconnects += 1;
    // The load balancer sends the next connection to an instance that answers (as nginx's
    // proxy_next_upstream does on a refused connection): never to one known to be gone.
    c.baseIndex = nextBase(c.baseIndex);
    setTimeout(() => open(c), reconnectDelay(c.attempts++));
  });
  socket.on('message', (raw) => {
    const text = String(raw);
    // tRPC's keep-alive: a connection that does not answer is closed by the server.
    if (text === 'PING') return socket.send('PONG');
    const at = now();
    const message = JSON.parse(text);
    if (message.id !== c.subscriptionId) return;
    if (message.error) {
      const status = message.error.data?.httpStatus ?? 0;
      note(c, `${status} ${message.error.data?.appCode ?? message.error.message}`);
      if (status >= 500) setTimeout(() => c.socket === socket && subscribe(c), LIVE_RETRY_MS);
      return;
    }
    const result = message.result;
    if (result?.type === 'started') {
      c.startedAt ??= at;
      // Resumed: the subscription is running again on a server (its catch-up follows).
      if (c.closedAt !== null) {
        resumes.push(at - c.closedAt);
        c.closedAt = null;
      }
      return;
    }
    if (result?.type === 'stopped') {
      note(c, 'stopped by the server');
      return;
    }
    if (result?.type !== 'data') return;
    const id = Number(result.id ?? result.data?.id);
    const event = result.data?.data ?? result.data;
    if (!Number.isFinite(id)) return;
    if (c.startId === null) {
      c.startId = id;
      c.startedAt ??= at;
    }
    if (c.spec.keepsBoard) c.board = applyLeaderboardUpdate(c.board, event as LeaderboardUpdate);
    if (c.position !== null && id <= c.position) {
      c.repeated += 1;
      return;
    }
    // The first event of a leaderboard (its snapshot) is the starting point, not a delivery.
    if (c.position !== null || c.spec.stream === 'chat' || c.spec.stream === 'feed') {
      c.ids.push(id);
      c.times.push(at);
      c.refs.push(refOf(c.spec.stream, event));
    }
    c.position = id;
  });
}

/**
 * Chat and the feed start "from now on" (no snapshot): their starting point is the newest id when the
 * subscription started, which the parent tells by key after every socket is subscribed.
 */
function setStart(clients: Client[], starts: Record<string, number>): void {
  for (const c of clients) {
    if (c.spec.stream !== 'chat' && c.spec.stream !== 'feed') continue;
    const start = starts[c.spec.key] ?? 0;
    c.startId = start;
    c.position = Math.max(c.position ?? start, start);
  }
}

function report(clients: Client[], data: { writes: Record<string, AckedWrite[]>; ids: Record<string, number[]> }) {
  const byStream: Partial<Record<Stream, StreamReport>> = {};
  const lastByWrite = new Map<string, number>();
  for (const c of clients) {
    const { stream, key } = c.spec;
    const r = byStream[stream] ?? {
      deliveries: [],
      toLastSocket: [],
      lost: 0,
      repeated: 0,
      behind: 0,
      errors: errorsByStream[stream] ?? [],
    };
    byStream[stream] = r;
    r.repeated += c.repeated;
    const latest = data.ids[key]?.at(-1) ?? 0;
    if ((c.position ?? 0) < latest) r.behind += 1;
    const writes = data.writes[key] ?? [];
    if (stream === 'player' || stream === 'spectator') {
      // A leaderboard update carries the rows changed up to its id: the score is there from the first id ≥ its event.
      let at = 0;
      for (const w of writes) {
        if (c.startId === null || w.eventId! <= c.startId) continue;
        while (at < c.ids.length && c.ids[at]! < w.eventId!) at += 1;
        if (at === c.ids.length) {
          r.lost += 1;
          continue;
        }
        const latency = c.times[at]! - w.ackAt;
        r.deliveries.push(latency);
        const k = `${stream}:${w.ref}`;
        lastByWrite.set(k, Math.max(lastByWrite.get(k) ?? -Infinity, latency));
      }
    } else {
      const got = new Map<string, number>();
      c.refs.forEach((ref, i) => {
        if (ref) got.set(ref, c.times[i]!);
      });
      const seen = new Set(c.ids);
      // Every event after the socket's start is owed, delivered one by one.
      for (const id of data.ids[key] ?? []) if (c.startId !== null && id > c.startId && !seen.has(id)) r.lost += 1;
      for (const w of writes) {
        const t = got.get(w.ref);
        if (t === undefined) continue;
        r.deliveries.push(t - w.ackAt);
        const k = `${stream}:${w.ref}`;
        lastByWrite.set(k, Math.max(lastByWrite.get(k) ?? -Infinity, t - w.ackAt));
      }
    }
  }
  const toLast: Record<string, number> = {};
  for (const [k, v] of lastByWrite) toLast[k] = v;
  const result: ClientsReport = {
    byStream,
    reconnects,
    resumes,
    boards: clients.filter((c) => c.spec.keepsBoard).map((c) => ({ key: c.spec.key, board: c.board })),
    closeCodes,
    socketFailures,
  };
  return { result, toLast };
}

async function main(): Promise<void> {
  const { specs, bases: given } = await new Promise<{ specs: ClientSpec[]; bases: string[] }>((resolve) =>
    process.once('message', resolve as never),
  );
  bases = given;
  const started = performance.now();
  const clients: Client[] = specs.map((spec, index) => ({
    spec,
    index,
    socket: null,
    baseIndex: spec.base % bases.length,
    attempts: 0,
    subscriptionId: 0,
    startId: null,
    startedAt: null,
    position: null,
    ids: [],
    times: [],
    refs: [],
    repeated: 0,
    closedAt: null,
    board: undefined,
  }));
  for (let i = 0; i < clients.length; i += BATCH) {
    const batch = clients.slice(i, i + BATCH);
    for (const c of batch) open(c);
    while (batch.some((c) => c.startedAt === null)) {
      if (performance.now() - started > SUBSCRIBE_TIMEOUT_MS) {
        console.error(`only ${clients.filter((c) => c.startedAt !== null).length} sockets subscribed`, errors);
        process.exit(1);
      }
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }
  process.on('message', (message: { type: string; id: number; [k: string]: any }) => {
    const answer = (value: unknown) => process.send!({ id: message.id, value });
    if (message.type === 'starts') {
      setStart(clients, message.starts);
      answer(true);
    } else if (message.type === 'dead') {
      deadBases.add(message.base);
      answer(true);
    } else if (message.type === 'behind') {
      const latest = message.latest as Record<string, number>;
      answer(clients.filter((c) => (c.position ?? 0) < (latest[c.spec.key] ?? 0)).length);
    } else if (message.type === 'open') {
      answer(clients.filter((c) => c.socket?.readyState === WebSocket.OPEN).length);
    } else if (message.type === 'report') {
      answer(report(clients, message.data));
    } else if (message.type === 'stop') {
      for (const c of clients) {
        c.socket?.removeAllListeners('close');
        c.socket?.terminate();
      }
      answer(true);
      setTimeout(() => process.exit(0), 100);
    }
  });
  process.send!({ type: 'ready', seconds: (performance.now() - started) / 1000 });
}

await main();
