import type pg from 'pg';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { EventBus } from './realtime/bus';

/**
 * The service's Prometheus metrics (docs/architecture.md, "Metrics"). One registry per app instance, never
 * prom-client's global one: tests start many apps in one process. Labels take values from fixed sets only
 * (route patterns, procedure names, channel kinds, limit names): never an id, an address or a raw URL.
 */
export interface Metrics {
  registry: Registry;
  requestDone(route: string, method: string, status: number, seconds: number): void;
  signIn(kind: SignInKind, outcome: 'success' | 'failure'): void;
  rateLimited(limit: string): void;
  published(channel: string): void;
  dropped(reason: DropReason): void;
}

export type SignInKind = 'password' | 'magic_link' | 'magic_code' | 'two_factor';
/** `slow_consumer`: a socket closed with 1013 for falling too far behind; the others: bus messages lost. */
export type DropReason = 'slow_consumer' | 'bus_send_queue_full' | 'bus_publish_failed';

/** What the gauges read at scrape time: nothing is counted on the hot path for them. */
export interface MetricSources {
  openSockets(): number;
  sessionSockets(): number;
  /** Subscribers per audience key (`round:<id>`, `chat:<id>`, `feed`, …). */
  subscriptions(): Iterable<[string, number]>;
  pool: pg.Pool | undefined;
  /** Bus messages lost so far (PostgreSQL bus), by reason. */
  busDropped?: () => Partial<Record<DropReason, number>>;
}

const CHANNEL_KINDS = new Set(['round', 'tournament', 'chat', 'feed', 'sessions', 'access']);

/** `round:<id>` → `round`: the kind of a bus channel or audience key, never its id. */
export function channelKind(channel: string): string {
  const kind = channel.split(':', 1)[0]!;
  return CHANNEL_KINDS.has(kind) ? kind : 'other';
}

export function createMetrics(sources: MetricSources): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const registers = [registry];

  const requests = new Counter({
    name: 'golf_http_requests_total',
    help: 'HTTP requests answered, by route pattern (or tRPC procedure), method and status',
    labelNames: ['route', 'method', 'status'],
    registers,
  });
  const duration = new Histogram({
    name: 'golf_http_request_duration_seconds',
    help: 'Time from request to the end of the answer, by route pattern (or tRPC procedure), method and status',
    labelNames: ['route', 'method', 'status'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers,
  });
  const signIns = new Counter({
    name: 'golf_sign_ins_total',
    help: 'Sign-in attempts that reached a verdict, by kind and outcome',
    labelNames: ['kind', 'outcome'],
    registers,
  });
  const refusals = new Counter({
    name: 'golf_rate_limit_refusals_total',
    help: 'Requests refused with 429 by a limit, by limit name',
    labelNames: ['limit'],
    registers,
  });
  const published = new Counter({
    name: 'golf_bus_published_total',
    help: 'Messages published on the event bus by this instance, by channel kind',
    labelNames: ['kind'],
    registers,
  });
  const droppedSeen: Partial<Record<DropReason, number>> = {};
  const dropped = new Counter({
    name: 'golf_live_dropped_total',
    help: 'Live deliveries given up: sockets closed for falling behind (slow_consumer), bus messages lost',
    labelNames: ['reason'],
    registers,
    collect() {
      // The PostgreSQL bus keeps its own totals: add what is new since the last scrape.
      for (const [reason, total] of Object.entries(sources.busDropped?.() ?? {}) as [DropReason, number][]) {
        const delta = total - (droppedSeen[reason] ?? 0);
        if (delta > 0) this.inc({ reason }, delta);
        droppedSeen[reason] = total;
      }
    },
  });
  new Gauge({
    name: 'golf_websockets_open',
    help: 'Open WebSockets; `with_session` those opened with a session (watched for its end)',
    labelNames: ['session'],
    registers,
    collect() {
      const all = sources.openSockets();
      const withSession = sources.sessionSockets();
      this.set({ session: 'with_session' }, withSession);
      this.set({ session: 'without_session' }, Math.max(0, all - withSession));
    },
  });
  new Gauge({
    name: 'golf_live_subscriptions',
    help: 'Live subscriptions (tRPC subscriptions following an audience), by channel kind',
    labelNames: ['kind'],
    registers,
    collect() {
      const counts = new Map<string, number>(['round', 'tournament', 'chat', 'feed'].map((kind) => [kind, 0]));
      for (const [key, subscribers] of sources.subscriptions()) {
        const kind = channelKind(key);
        counts.set(kind, (counts.get(kind) ?? 0) + subscribers);
      }
      this.reset();
      for (const [kind, n] of counts) this.set({ kind }, n);
    },
  });
  const pool = sources.pool;
  if (pool) {
    new Gauge({
      name: 'golf_db_pool_connections',
      help: 'PostgreSQL pool connections: total open, idle, and requests waiting for one',
      labelNames: ['state'],
      registers,
      collect() {
        this.set({ state: 'total' }, pool.totalCount);
        this.set({ state: 'idle' }, pool.idleCount);
        this.set({ state: 'waiting' }, pool.waitingCount);
      },
    });
  }

  return {
    registry,
    requestDone(route, method, status, seconds) {
      const labels = { route, method, status: String(status) };
      requests.inc(labels);
      duration.observe(labels, seconds);
    },
    signIn: (kind, outcome) => signIns.inc({ kind, outcome }),
    rateLimited: (limit) => refusals.inc({ limit }),
    published: (channel) => published.inc({ kind: channelKind(channel) }),
    dropped: (reason) => dropped.inc({ reason }),
  };
}

/** The bus, counting what this instance publishes. */
export function countingBus(bus: EventBus, metrics: Metrics): EventBus {
  return {
    publish(channel, payload) {
      metrics.published(channel);
      bus.publish(channel, payload);
    },
    subscribe: (channel, listener) => bus.subscribe(channel, listener),
    onResync: (listener) => bus.onResync(listener),
    close: () => bus.close(),
  };
}

/** The sign-in outcome an audit event records, if it records one (server/audit.ts calls this). */
export function signInOutcome(
  action: string,
  details: Record<string, unknown> | undefined,
): [SignInKind, 'success' | 'failure'] | null {
  if (action !== 'auth.sign_in' && action !== 'auth.sign_in_failed') return null;
  const outcome = action === 'auth.sign_in' ? 'success' : 'failure';
  const method = details?.method;
  if (method === 'password' || method === 'magic_link' || method === 'magic_code') return [method, outcome];
  return [
    details?.secondFactor !== undefined || details?.reason === 'wrong_two_factor_code' ? 'two_factor' : 'password',
    outcome,
  ];
}
