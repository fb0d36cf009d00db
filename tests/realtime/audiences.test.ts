import { tracked } from '@trpc/server';
import { describe, expect, it, vi } from 'vitest';
import type { WebSocket } from 'ws';
import { createLogger } from '../../server/log';
import { createEventBus } from '../../server/realtime/bus';
import { createMetrics } from '../../server/metrics';
import {
  AUDIENCE_BACKSTOP_MS,
  followAudience,
  MAX_BUFFERED_BYTES,
  SLOW_CONSUMER_CLOSE_CODE,
  type AudienceSource,
} from '../../server/realtime/audiences';
import { SerialisedData, webSocketEncoder } from '../../server/realtime/frames';

/** An event table in memory: what a source reads, and how often it was read. */
function table() {
  const rows: { id: number; text: string }[] = [];
  const stats = { reads: 0, serialised: 0 };
  const source = (channel: string): AudienceSource => ({
    channel,
    latestId: async () => rows.at(-1)?.id ?? 0,
    async read(afterId) {
      stats.reads += 1;
      return rows
        .filter((r) => r.id > afterId)
        .map((r) => {
          stats.serialised += 1;
          return { id: r.id, data: SerialisedData.of({ text: r.text }) };
        });
    },
  });
  return { rows, stats, source };
}

type Received = { id: string; json: string };

/** The part of a ws socket the stream uses, recording what is written to it. */
function fakeSocket(bufferedAmount = 0) {
  const socket = {
    OPEN: 1,
    readyState: 1,
    bufferedAmount,
    sent: [] as string[],
    closed: [] as number[],
    send(text: string) {
      socket.sent.push(text);
    },
    close(code: number) {
      socket.closed.push(code);
      socket.readyState = 3;
    },
  };
  return socket;
}

/**
 * A subscriber that has caught up to `upTo` (its catch-up yields one snapshot event with that id), as
 * tRPC's WebSocket adapter would run it: every yielded event is encoded with the subscription's id 's1'
 * and written to the socket. `received` is every event after the snapshot, from yields or direct writes.
 */
function follow(
  deps: { bus: ReturnType<typeof createEventBus>; logger: ReturnType<typeof createLogger> },
  source: () => AudienceSource,
  options: { upTo?: number; socket?: ReturnType<typeof fakeSocket> } = {},
) {
  const leave = new AbortController();
  const upTo = options.upTo ?? 0;
  const yielded: Received[] = [];
  const stream = followAudience<{ text: string }>(deps, {
    key: 'audience',
    source,
    signal: leave.signal,
    socket: options.socket as unknown as WebSocket | undefined,
    async *catchUp() {
      yield tracked(String(upTo), { text: 'snapshot' });
      return upTo;
    },
  });
  const done = (async () => {
    for await (const event of stream) {
      const [id, data] = event as unknown as [string, unknown];
      if (options.socket) {
        const message = { id: 's1', result: { type: 'data', id, data: { id, data } } };
        options.socket.send(webSocketEncoder.encode(message));
      } else {
        yielded.push({ id, json: data instanceof SerialisedData ? data.json : JSON.stringify(data) });
      }
    }
  })();
  const received = (): Received[] => {
    const all = options.socket
      ? options.socket.sent.map((text) => {
          const message = JSON.parse(text) as { id: string; result: { id: string; data: { data: unknown } } };
          expect(message.id).toBe('s1');
          return { id: message.result.id, json: JSON.stringify(message.result.data.data) };
        })
      : yielded;
    return all.filter((r) => r.id !== String(upTo));
  };
  return { received, leave: () => leave.abort(), done };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

describe('an audience: one reader for all of its subscribers', () => {
  it('reads and serialises each event once however many follow it, and delivers in id order', async () => {
    const deps = { bus: createEventBus(), logger: createLogger('silent') };
    const t = table();
    const followers = Array.from({ length: 50 }, () => follow(deps, () => t.source('round:1')));
    await settle();
    t.rows.push({ id: 3, text: 'a' }, { id: 8, text: 'b' });
    deps.bus.publish('round:1', { id: 8 });
    await settle();
    expect(t.stats.serialised).toBe(2);
    for (const f of followers) expect(f.received().map((r) => r.id)).toEqual(['3', '8']);
    for (const f of followers) f.leave();
    await Promise.all(followers.map((f) => f.done));
  });

  it('loses nothing when a nudge is lost or nudges come out of order: the table decides', async () => {
    const deps = { bus: createEventBus(), logger: createLogger('silent') };
    const t = table();
    const f = follow(deps, () => t.source('round:2'));
    await settle();
    // Event 5 was written on another instance and its nudge never came; 6's nudge arrives.
    t.rows.push({ id: 5, text: 'lost nudge' }, { id: 6, text: 'later' });
    deps.bus.publish('round:2', { id: 6 });
    await settle();
    // A late nudge for 5 arrives after 6 was delivered: nothing twice, nothing out of order.
    deps.bus.publish('round:2', { id: 5 });
    await settle();
    expect(f.received().map((r) => r.id)).toEqual(['5', '6']);
    f.leave();
    await f.done;
  });

  it('delivers an event whose nudge never came and none after it, within the backstop', async () => {
    // Only the backstop's interval is faked: the audiences of this bus are made (and start it) at the join.
    vi.useFakeTimers({ toFake: ['setInterval'] });
    try {
      const deps = { bus: createEventBus(), logger: createLogger('silent') };
      const t = table();
      const f = follow(deps, () => t.source('round:9'));
      await settle();
      // The last score of the day, written on an instance that died before its NOTIFY left.
      t.rows.push({ id: 4, text: 'never nudged' });
      await settle();
      expect(f.received()).toEqual([]);
      vi.advanceTimersByTime(AUDIENCE_BACKSTOP_MS);
      await settle();
      expect(f.received().map((r) => r.id)).toEqual(['4']);
      f.leave();
      await f.done;
    } finally {
      vi.useRealTimers();
    }
  });

  it('skips what the subscriber’s own catch-up already covered', async () => {
    const deps = { bus: createEventBus(), logger: createLogger('silent') };
    const t = table();
    t.rows.push({ id: 1, text: 'old' });
    const f = follow(deps, () => t.source('round:3'), { upTo: 10 });
    await settle();
    t.rows.push({ id: 10, text: 'covered' }, { id: 11, text: 'new' });
    deps.bus.publish('round:3', {});
    await settle();
    expect(f.received().map((r) => r.id)).toEqual(['11']);
    f.leave();
    await f.done;
  });

  it('writes events after the catch-up to the socket directly, as the frames tRPC would have sent', async () => {
    const deps = { bus: createEventBus(), logger: createLogger('silent') };
    const t = table();
    const sockets = [fakeSocket(), fakeSocket()];
    const followers = sockets.map((socket) => follow(deps, () => t.source('round:5'), { socket }));
    await settle();
    t.rows.push({ id: 4, text: 'Åse «Ø»' });
    deps.bus.publish('round:5', {});
    await settle();
    for (const socket of sockets) {
      // The snapshot went through the (simulated) tRPC pipeline, the event straight to the socket.
      expect(socket.sent).toHaveLength(2);
      const data = { text: 'Åse «Ø»' };
      expect(socket.sent[1]).toBe(
        JSON.stringify({ id: 's1', result: { type: 'data', id: '4', data: { id: '4', data } } }),
      );
    }
    expect(t.stats.serialised).toBe(1);
    for (const f of followers) f.leave();
    await Promise.all(followers.map((f) => f.done));
  });

  it('closes a socket that has fallen too far behind instead of buffering without bound, and counts it', async () => {
    const metrics = createMetrics({
      openSockets: () => 0,
      sessionSockets: () => 0,
      subscriptions: () => [],
      pool: undefined,
    });
    const deps = { bus: createEventBus(), logger: createLogger('silent'), metrics };
    const t = table();
    const socket = fakeSocket();
    const f = follow(deps, () => t.source('round:4'), { socket });
    await settle();
    socket.bufferedAmount = MAX_BUFFERED_BYTES + 1;
    t.rows.push({ id: 1, text: 'x' });
    deps.bus.publish('round:4', {});
    await settle();
    expect(socket.closed).toEqual([SLOW_CONSUMER_CLOSE_CODE]);
    expect(f.received()).toEqual([]);
    expect(await metrics.registry.getSingleMetricAsString('golf_live_dropped_total')).toContain(
      'golf_live_dropped_total{reason="slow_consumer"} 1',
    );
    f.leave();
    await f.done;
  });
});

describe('the WebSocket encoder', () => {
  it('writes serialised data as the same JSON a per-socket serialisation would have written', () => {
    const data = { type: 'score', name: 'Åse «Ø» \u0000 "sitat"', holes: [1, 2, 3] };
    const message = { id: 7, result: { type: 'data', id: '42', data: { id: '42', data: SerialisedData.of(data) } } };
    const plain = { id: 7, result: { type: 'data', id: '42', data: { id: '42', data } } };
    expect(webSocketEncoder.encode(message)).toBe(JSON.stringify(plain));
    expect(JSON.parse(webSocketEncoder.encode(message))).toEqual(plain);
  });

  it('is not fooled by a subscription id that looks like the placeholder', () => {
    const data = { ok: true };
    const id = '\u0000serialised\u0000';
    const message = { id, result: { type: 'data', data: { id: '1', data: SerialisedData.of(data) } } };
    expect(JSON.parse(webSocketEncoder.encode(message))).toEqual({
      id,
      result: { type: 'data', data: { id: '1', data } },
    });
  });

  it('leaves every other message as plain JSON', () => {
    const message = { id: 1, result: { type: 'data', data: tracked('1', { a: 1 }) } };
    expect(webSocketEncoder.encode(message)).toBe(JSON.stringify(message));
  });
});
