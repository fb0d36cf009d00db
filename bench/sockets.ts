/**
 * The delivery benchmarks' load generator: N real WebSockets subscribed over tRPC's wire protocol (raw `ws`
 * clients in a child process, so their JSON parsing does not run on the server's event loop), and the
 * timing of one event's deliveries to all of them. A bench script forks itself with `forkSockets`; in the
 * child, `socketsWorkerData()` hands back what it was given and the script calls `serveSockets` with
 * what its sockets subscribe to and which event they wait for.
 */
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import WebSocket from 'ws';

const WORKER_ENV = 'BENCH_SOCKETS_WORKER';
const SUBSCRIBE_TIMEOUT_MS = 180_000;
/**
 * Sockets are opened in batches of this many, each subscribed before the next: thousands of handshakes at
 * once measure the kernel's listen backlog (connections reset past it), not the delivery of an event.
 */
const SUBSCRIBE_BATCH_SOCKETS = 100;

/** One event's deliveries: each socket's latency in ms, which socket it was, and the event frame's size. */
export interface Delivery {
  latencies: number[];
  sockets: number[];
  bytes: number;
}

export interface Sockets {
  /** How long opening and subscribing every socket took. */
  connectSeconds: number;
  /**
   * Arms the sockets for the event `expect` describes, then runs `send` (the request that causes it). The
   * latency of a delivery is from just before arming to the moment a socket has the event; both processes
   * read the same clock (performance.timeOrigin + now). `answered` is the request's own time in ms.
   */
  time(expect: unknown, send: () => Promise<void>): Promise<{ answered: number; delivery: Delivery }>;
  stop(): void;
}

/** Forks the bench script at `scriptUrl` (its `import.meta.url`) as the sockets' process, and waits until all are subscribed. */
export async function forkSockets(scriptUrl: string, data: unknown): Promise<Sockets> {
  const worker = fork(fileURLToPath(scriptUrl), [], {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, [WORKER_ENV]: JSON.stringify(data) },
  });
  worker.once('exit', (code) => {
    if (code) {
      console.error(`the sockets' process exited with code ${code}`);
      process.exit(1);
    }
  });
  const post = (message: unknown) => worker.send(message as never);
  const fromWorker = <T>(type: string) =>
    new Promise<T>((resolve) => {
      const listener = (message: { type: string }) => {
        if (message.type === type) {
          worker.off('message', listener as never);
          resolve(message as T);
        }
      };
      worker.on('message', listener as never);
    });
  const { seconds } = await fromWorker<{ seconds: number }>('ready');
  return {
    connectSeconds: seconds,
    async time(expect, send) {
      const delivered = fromWorker<Delivery>('delivered');
      post({ type: 'expect', expect, sentAt: performance.timeOrigin + performance.now() });
      await fromWorker('armed');
      const started = performance.now();
      await send();
      const answered = performance.now() - started;
      return { answered, delivery: await delivered };
    },
    stop() {
      post({ type: 'stop' });
      worker.kill();
    },
  };
}

/** In the sockets' process: the data `forkSockets` was given; null in the bench's own process. */
export function socketsWorkerData<T>(): T | null {
  const raw = process.env[WORKER_ENV];
  return raw ? (JSON.parse(raw) as T) : null;
}

export interface SocketsOptions<Expect> {
  count: number;
  /** What a socket is called in an error message ("member 12: …"). */
  label: string;
  url(i: number): string;
  headers?(i: number): Record<string, string>;
  subscription: { path: string; input: unknown };
  /** When a socket counts as subscribed: tRPC's `started` by default, or an event of its own (a snapshot). */
  subscribedOn?(event: any): boolean;
  /** Whether an event is the one the bench's process said to expect. */
  isExpected(event: any, expect: Expect): boolean;
}

/** In the sockets' process: opens and subscribes every socket, then times each expected event's deliveries until told to stop. */
export async function serveSockets<Expect>(options: SocketsOptions<Expect>): Promise<void> {
  let expected: { expect: Expect; sentAt: number } | null = null;
  let delivery: Delivery = { latencies: [], sockets: [], bytes: 0 };
  let subscribedCount = 0;
  const sockets: WebSocket[] = [];
  const started = performance.now();
  const subscribed = async (count: number) => {
    while (subscribedCount < count) {
      if (performance.now() - started > SUBSCRIBE_TIMEOUT_MS)
        throw new Error(`only ${subscribedCount} of ${count} subscribed`);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  };
  const fail = (i: number, why: string) => {
    console.error(`${options.label} ${i}: ${why}`);
    process.exit(1);
  };
  for (let i = 0; i < options.count; i++) {
    const ws = new WebSocket(options.url(i), { headers: options.headers?.(i) });
    sockets.push(ws);
    ws.on('error', (error) => fail(i, error.message));
    ws.on('open', () => ws.send(JSON.stringify({ id: 1, method: 'subscription', params: options.subscription })));
    ws.on('message', (raw) => {
      // tRPC's keep-alive: a connection that does not answer is closed by the server after 5 s.
      if (String(raw) === 'PING') return ws.send('PONG');
      const message = JSON.parse(String(raw));
      if (message.error) return fail(i, JSON.stringify(message.error));
      if (message.result?.type === 'started') {
        if (!options.subscribedOn) subscribedCount++;
        return;
      }
      // A tracked event arrives as { id, data }, an untracked one as the data itself.
      const event = message.result?.type === 'data' ? (message.result.data?.data ?? message.result.data) : null;
      if (!event) return;
      if (options.subscribedOn?.(event)) {
        subscribedCount++;
        return;
      }
      if (!expected || !options.isExpected(event, expected.expect)) return;
      delivery.bytes = String(raw).length;
      delivery.latencies.push(performance.timeOrigin + performance.now() - expected.sentAt);
      delivery.sockets.push(i);
      if (delivery.latencies.length === options.count) {
        process.send!({ type: 'delivered', ...delivery });
        delivery = { latencies: [], sockets: [], bytes: 0 };
        expected = null;
      }
    });
    if (i % SUBSCRIBE_BATCH_SOCKETS === SUBSCRIBE_BATCH_SOCKETS - 1) await subscribed(i + 1);
  }
  await subscribed(options.count);
  process.on('message', (message: { type: string; expect: Expect; sentAt: number }) => {
    if (message.type === 'stop') {
      for (const ws of sockets) ws.terminate();
      process.exit(0);
    }
    expected = { expect: message.expect, sentAt: message.sentAt };
    process.send!({ type: 'armed' });
  });
  process.send!({ type: 'ready', seconds: (performance.now() - started) / 1000 });
}
