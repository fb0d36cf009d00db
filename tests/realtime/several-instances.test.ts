import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openDatabase, queryRows, runMigrations } from '../../server/db/client';
import type { EventBus } from '../../server/realtime/bus';
import { openEventBus } from '../../server/realtime/open-bus';
import { createPostgresBus, type PostgresBus } from '../../server/realtime/postgres-bus';
import { callerAs, sessionTokenFor } from '../helpers/caller';
import { databaseKinds, postgresOnly } from '../helpers/db';
import { createTestDeps, type TestDeps } from '../helpers/deps';
import { createUser } from '../helpers/factories';
import { connect, openRawSocket, watch } from '../helpers/live';
import { startServerProcess, startTestServer, type ServerProcess } from '../helpers/server';
import { demoCourse, roundWithPlayers } from '../rounds/helpers';

/**
 * Several instances (decision 0008): on PostgreSQL the bus crosses processes over LISTEN/NOTIFY; on PGlite it
 * stays in-process. The PostgreSQL parts run when TEST_DATABASE_URL is set, as the other PostgreSQL tests.
 */

/** Everything a bus delivers on `channel`, in order. */
function collect(bus: EventBus, channel: string): unknown[] {
  const got: unknown[] = [];
  bus.subscribe(channel, (payload) => got.push(payload));
  return got;
}

async function until(done: () => boolean | Promise<boolean>, what: string, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await done())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A bus of another instance on the same database, as that instance's index.ts would open it. */
const busOf = (deps: TestDeps) =>
  openEventBus({ databaseUrl: deps.databaseUrl, db: deps.db, logger: deps.logger, now: deps.now });

describe.each(databaseKinds())('the bus on %s', (kind) => {
  it('a subscriber on the publishing instance gets each message at once, and only once', async () => {
    const deps = await createTestDeps({ db: kind });
    const bus = await busOf(deps);
    try {
      const got = collect(bus, 'round:1');
      bus.publish('round:1', { id: 1 });
      bus.publish('round:1', { id: 2 });
      expect(got).toEqual([{ id: 1 }, { id: 2 }]);
      // On PostgreSQL the instance hears its own notifications too: they must not be delivered again.
      await pause(500);
      expect(got).toEqual([{ id: 1 }, { id: 2 }]);
    } finally {
      await bus.close();
    }
  });
});

describe.each(postgresOnly())('the bus across instances on %s', (kind) => {
  let deps: TestDeps;
  const buses: EventBus[] = [];
  const open = async (options: { reconnectMs?: number } = {}) => {
    const bus = await createPostgresBus({
      databaseUrl: deps.databaseUrl!,
      db: deps.db,
      logger: deps.logger,
      now: deps.now,
      ...(options.reconnectMs ? { reconnect: { firstMs: options.reconnectMs, maxMs: options.reconnectMs } } : {}),
    });
    buses.push(bus);
    return bus;
  };

  beforeAll(async () => {
    deps = await createTestDeps({ db: kind });
  });
  afterAll(async () => {
    for (const bus of buses) await bus.close();
  });

  it('two instances deliver to each other, in order', async () => {
    const [a, b] = [await open(), await open()];
    const onA = collect(a, 'round:2');
    const onB = collect(b, 'round:2');
    const sent = Array.from({ length: 50 }, (_, n) => ({ n }));
    for (const message of sent) a.publish('round:2', message);
    await until(() => onB.length >= sent.length, 'the messages on B');
    expect(onB).toEqual(sent);

    b.publish('round:2', { n: 50 });
    await until(() => onA.length > sent.length, 'the answer on A');
    await pause(300);
    expect(onA).toEqual([...sent, { n: 50 }]);
    expect(onB).toEqual([...sent, { n: 50 }]);
  });

  it('a message over NOTIFY’s 8,000 bytes arrives whole, through the table', async () => {
    const [a, b] = [await open(), await open()];
    const onB = collect(b, 'round:3');
    // 12,000 bytes in UTF-8: a round of a big tournament, names with æøå.
    const big = { players: Array.from({ length: 600 }, (_, i) => `Bjørn ${i}`.padEnd(20, 'ø').slice(0, 20)) };
    a.publish('round:3', big);
    await until(() => onB.length > 0, 'the large message');
    expect(onB).toEqual([big]);
    const [stored] = await queryRows<{ count: number }>(deps.db, sql`select count(*)::int as count from bus_payload`);
    expect(stored!.count).toBeGreaterThan(0);
  });

  it('a killed LISTEN connection reconnects and resyncs: a score written meanwhile reaches the spectator', async () => {
    // B's reconnect waits 0.75–1.5 s, so the score below is surely written while B listens to nothing.
    const b = (await open({ reconnectMs: 1500 })) as PostgresBus;
    const a = await open();
    let resyncs = 0;
    b.onResync(() => (resyncs += 1));
    const server = await startTestServer({ ...deps, bus: b });
    const writer: TestDeps = { ...deps, bus: a };
    try {
      const { course, teeId } = await demoCourse(deps, 'oslo-gk', 'Bogstad');
      const owner = await createUser(deps.db, { name: 'Eva Eier', handicapIndex: 14 });
      const asOwner = (await callerAs(writer, owner)).caller;
      const {
        round,
        participants: [participant],
      } = await roundWithPlayers(
        asOwner,
        { courseId: course.id, teeId, playedOn: '2026-08-01', format: 'stroke', holes: '18' },
        [owner.id],
        'Eva',
      );

      const spectator = await openRawSocket(server, `service_session=${await sessionTokenFor(deps, owner)}`);
      spectator.subscribe(1, 'rounds.onUpdate', { roundId: round.id });
      await spectator.waitFor((m) => m.id === 1 && m.result?.type === 'data', 'the snapshot');

      const listenerOfB = sql`from pg_stat_activity where application_name = ${`golf-bus ${b.instanceId}`}`;
      await deps.db.execute(sql`select pg_terminate_backend(pid) ${listenerOfB}`);
      await until(
        async () => (await queryRows(deps.db, sql`select 1 ${listenerOfB}`)).length === 0,
        "B's connection to end",
      );

      await asOwner.rounds.setScore({ roundId: round.id, participantId: participant.id, hole: 1, strokes: 4 });
      const score = await spectator.waitFor(
        (m) => m.id === 1 && (m.result?.data as { data?: { type?: string } } | undefined)?.data?.type === 'score',
        'the score written while B was cut off',
      );
      expect((score.result!.data as { data: { hole: number; strokes: number } }).data).toMatchObject({
        hole: 1,
        strokes: 4,
      });
      expect(resyncs).toBeGreaterThan(0);
      await until(
        async () => (await queryRows(deps.db, sql`select 1 ${listenerOfB}`)).length === 1,
        'B to listen again',
      );
      spectator.socket.close();
    } finally {
      await server.close();
    }
  });
});

describe.each(postgresOnly())('instances starting together on %s', () => {
  it('migrate an empty database once, and none of them fails', async () => {
    const source = inject('postgresTemplate')!;
    // Named after the template, so the run's cleanup drops it even if this test does not get to.
    const name = `${source.template}_fresh_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: source.adminUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const url = new URL(source.adminUrl);
    url.pathname = `/${name}`;
    const instances = await Promise.all([1, 2, 3].map(() => openDatabase({ databaseUrl: url.toString() })));
    try {
      await Promise.all(instances.map((instance) => runMigrations(instance)));
      const [applied] = await queryRows<{ count: number }>(
        instances[0]!.db,
        sql`select count(*)::int as count from drizzle.__drizzle_migrations`,
      );
      const journal = (await import('../../drizzle/meta/_journal.json', { with: { type: 'json' } })).default;
      expect(applied!.count).toBe(journal.entries.length);
    } finally {
      for (const instance of instances) await instance.close();
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
  });
});

describe.each(postgresOnly())('two server processes on one %s database', (kind) => {
  let deps: TestDeps;
  let a: ServerProcess;
  let b: ServerProcess;

  beforeAll(async () => {
    deps = await createTestDeps({ db: kind });
    // What the instances behind one load balancer share: the database, the session secret, the public URL.
    const shared = {
      DATABASE_URL: deps.databaseUrl!,
      SESSION_SECRET: randomBytes(32).toString('base64url'),
      PUBLIC_URL: 'http://localhost:3000',
    };
    [a, b] = await Promise.all([startServerProcess(shared), startServerProcess(shared)]);
  }, 120_000);
  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
  });

  it('a score posted to A reaches a spectator on B in order, and resuming on A gets exactly what was missed', async () => {
    const password = 'et langt passord for golf';
    const player = await createUser(deps.db, { name: 'Frode Venn', handicapIndex: 18, password });
    const { course, teeId } = await demoCourse(deps, 'oslo-gk', 'Bogstad');
    const { caller } = await callerAs(deps, player);
    const {
      round,
      participants: [participant],
    } = await roundWithPlayers(
      caller,
      { courseId: course.id, teeId, playedOn: '2026-08-01', format: 'stroke', holes: '18' },
      [player.id],
      'Frode',
    );

    // Signed in on A; the same cookie is good on B: no sticky sessions.
    const login = await fetch(`${a.url}/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: player.email, password }),
    });
    expect(login.status).toBe(200);
    const cookie = login.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const postScore = async (instance: ServerProcess, hole: number, strokes: number) => {
      const res = await fetch(`${instance.url}/rounds/${round.id}/scores`, {
        method: 'PUT',
        headers: { cookie, 'content-type': 'application/json' },
        body: JSON.stringify({ participantId: participant.id, hole, strokes }),
      });
      expect(res.status, await res.clone().text()).toBe(200);
    };
    const holes = (events: { data: { type: string } }[]) => events.map((e) => (e.data as { hole?: number }).hole);

    const onB = connect(b, cookie);
    const live = watch(onB.client, { roundId: round.id });
    await live.next(1);
    expect(live.events[0]!.data.type).toBe('snapshot');
    for (const [hole, strokes] of [
      [1, 5],
      [2, 4],
      [3, 6],
    ] as const)
      await postScore(a, hole, strokes);
    await live.next(4);
    expect(holes(live.events.slice(1))).toEqual([1, 2, 3]);
    const ids = live.events.map((e) => Number(e.id));
    expect(ids).toEqual([...ids].sort((x, y) => x - y));

    // The phone loses B; two scores are entered; it reconnects through the load balancer to A.
    const lastEventId = live.events.at(-1)!.id;
    live.subscription.unsubscribe();
    await onB.wsClient.close();
    await postScore(a, 4, 3);
    await postScore(a, 5, 5);
    const onA = connect(a, cookie);
    const resumed = watch(onA.client, { roundId: round.id, lastEventId });
    await resumed.next(2);
    // And the round goes on, now written on B and heard on A.
    await postScore(b, 6, 4);
    await resumed.next(3);
    await pause(300);
    expect(holes(resumed.events)).toEqual([4, 5, 6]);
    expect(Number(resumed.events[0]!.id)).toBeGreaterThan(Number(lastEventId));
    const standing = resumed.events[1]!.data.round!.sides[0]!.participants[0]!.holes.slice(0, 5).map((h) => h.strokes);
    expect(standing).toEqual([5, 4, 6, 3, 5]);
    expect(resumed.errors).toEqual([]);
    resumed.subscription.unsubscribe();
    await onA.wsClient.close();
  });
});
