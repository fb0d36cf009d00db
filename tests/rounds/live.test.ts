import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { applyUpdate } from '../../client/src/features/rounds/live-update';
import type { RoundView } from '../../shared/schemas/rounds';
import { callerAs, sessionTokenFor } from '../helpers/caller';
import { databaseKinds } from '../helpers/db';
import { createTestDeps, type TestDeps } from '../helpers/deps';
import { createUser } from '../helpers/factories';
import { connect, watch } from '../helpers/live';
import { startTestServer, type TestServer } from '../helpers/server';
import { demoCourse } from './helpers';

describe.each(databaseKinds())('live round updates over WebSocket, on %s', (kind) => {
  let deps: TestDeps;
  let server: TestServer;
  let roundId: string;
  let participantId: string;
  let asOwner: Awaited<ReturnType<typeof callerAs>>['caller'];
  let friendCookie: string;
  let strangerCookie: string;
  const clients: ReturnType<typeof connect>[] = [];

  beforeAll(async () => {
    deps = await createTestDeps({ db: kind });
    server = await startTestServer(deps);
    const { course, teeId } = await demoCourse(deps, 'oslo-gk', 'Bogstad');
    const owner = await createUser(deps.db, { name: 'Eva Eier', handicapIndex: 14 });
    const friend = await createUser(deps.db, { name: 'Frode Venn', handicapIndex: 22 });
    const stranger = await createUser(deps.db);
    asOwner = (await callerAs(deps, owner)).caller;
    friendCookie = `service_session=${await sessionTokenFor(deps, friend)}`;
    strangerCookie = `service_session=${await sessionTokenFor(deps, stranger)}`;
    const round = await asOwner.rounds.create({
      courseId: course.id,
      teeId,
      playedOn: '2026-08-01',
      format: 'stroke',
      holes: '18',
    });
    roundId = round.id;
    const side = await asOwner.rounds.addSide({ roundId, name: 'Frode' });
    participantId = (await asOwner.rounds.addParticipant({ roundId, sideId: side.id, userId: friend.id })).id;
  });
  afterAll(async () => {
    for (const c of clients) await c.wsClient.close();
    await server.close();
  });

  const open = (cookie: string | null, retryDelayMs?: number) => {
    const c = connect(server, cookie, retryDelayMs);
    clients.push(c);
    return c;
  };

  it('a participant gets the round at once, then every score as it is entered, with the new standings', async () => {
    const { client } = open(friendCookie);
    const live = watch(client, { roundId });
    await live.next(1);
    expect(live.events[0]!.data.type).toBe('snapshot');
    expect(live.events[0]!.data.round!.sides[0]!.participants[0]!.name).toBe('Frode Venn');

    await asOwner.rounds.setScore({ roundId, participantId, hole: 1, strokes: 5 });
    await live.next(2);
    const update = live.events[1]!;
    expect(update.data).toMatchObject({ type: 'score', participantId, hole: 1, strokes: 5 });
    const player = update.data.round!.sides[0]!.participants[0]!;
    expect(player.holes[0]).toMatchObject({ hole: 1, strokes: 5 });
    expect(player.totals.gross).toBe(5);
    expect(update.data.round!.sides[0]!.standing).toMatchObject({ format: 'stroke', holesPlayed: 1 });
    expect(Number(update.id)).toBeGreaterThan(Number(live.events[0]!.id));
    live.subscription.unsubscribe();
  });

  it('resumes after a dropped connection without losing an event', async () => {
    const connection = open(friendCookie, 1500);
    const live = watch(connection.client, { roundId });
    await live.next(1);
    const before = live.events.length;

    // The network drops; two scores are entered while this client is away.
    connection.wsClient.connection!.ws.close();
    await asOwner.rounds.setScore({ roundId, participantId, hole: 2, strokes: 4 });
    await asOwner.rounds.setScore({ roundId, participantId, hole: 3, strokes: 6 });

    // The client reconnects by itself and resubscribes with the last id it saw.
    await live.next(before + 2);
    const missed = live.events.slice(before);
    expect(missed.map((e) => [e.data.type, (e.data as { hole?: number }).hole])).toEqual([
      ['score', 2],
      ['score', 3],
    ]);
    const round = missed[1]!.data.round!;
    expect(round.sides[0]!.participants[0]!.holes.slice(0, 3).map((h) => h.strokes)).toEqual([5, 4, 6]);
    expect(live.errors).toEqual([]);
    live.subscription.unsubscribe();
  });

  it('replays from an explicit lastEventId: the changes after it, the last with the round', async () => {
    const first = await asOwner.rounds.get({ roundId });
    const { client } = open(friendCookie);
    const probe = watch(client, { roundId });
    await probe.next(1);
    const mark = probe.events[0]!.id;
    probe.subscription.unsubscribe();
    expect(first.sides[0]!.participants[0]!.totals.holesPlayed).toBe(3);

    await asOwner.rounds.setScore({ roundId, participantId, hole: 4, strokes: 3 });
    await asOwner.rounds.setScore({ roundId, participantId, hole: 4, strokes: null });
    const resumed = watch(client, { roundId, lastEventId: mark });
    await resumed.next(2);
    expect(resumed.events.map((e) => e.data.type)).toEqual(['score', 'score']);
    expect(resumed.events[0]!.data.round).toBeUndefined();
    expect(resumed.events[1]!.data.round!.sides[0]!.participants[0]!.totals.holesPlayed).toBe(3);
    resumed.subscription.unsubscribe();
  });

  it('later scores travel as small patches, and the patches rebuild exactly the round the server holds', async () => {
    // The first score freezes the handicaps, a change of the round's shape that travels whole.
    await asOwner.rounds.setScore({ roundId, participantId, hole: 9, strokes: 5 });
    const { client } = open(friendCookie);
    const live = watch(client, { roundId });
    await live.next(1);
    let held: RoundView | undefined;
    for (const event of live.events) held = applyUpdate(held, event.data);

    // The clear takes back a score (clearing an empty hole changes nothing and sends nothing: decision 0416).
    const writes: [number, number | null][] = [
      [10, 4],
      [11, 5],
      [12, 3],
      [12, null],
      [14, 7],
    ];
    const strokes = writes.map(([, value]) => value);
    for (const [hole, value] of writes) await asOwner.rounds.setScore({ roundId, participantId, hole, strokes: value });
    await live.next(1 + strokes.length);
    const updates = live.events.slice(1).map((e) => e.data);
    for (const update of updates) held = applyUpdate(held, update);

    // Scores read together go out as their changes with one patch on the last; none carries the round.
    expect(updates.map((u) => [u.type, u.round !== undefined])).toEqual(strokes.map(() => ['score', false]));
    expect(updates.at(-1)!.patch).toBeDefined();
    const full = JSON.stringify(await asOwner.rounds.get({ roundId }));
    // What travels per score is a fraction of the round.
    expect(JSON.stringify(updates[0]).length).toBeLessThan(full.length / 2);
    expect(held).toEqual(await asOwner.rounds.get({ roundId }));
    live.subscription.unsubscribe();
  });

  it('a resume that missed exactly one full read of events still ends with the round as it stands', async () => {
    const { client } = open(friendCookie);
    const probe = watch(client, { roundId });
    await probe.next(1);
    const mark = probe.events[0]!.id;
    probe.subscription.unsubscribe();
    // 500 events (one read's worth) while this client was away.
    await deps.db.execute(
      sql`insert into round_event (round_id, payload) select ${roundId}, ${JSON.stringify({ type: 'side', sideId: participantId })}::jsonb from generate_series(1, 500)`,
    );

    const resumed = watch(client, { roundId, lastEventId: mark });
    await resumed.next(501);
    const last = resumed.events[resumed.events.length - 1]!;
    expect(last.data.round?.id).toBe(roundId);
    resumed.subscription.unsubscribe();
  });

  it('refuses anyone who is not in the round, and anyone without a session', async () => {
    const stranger = watch(open(strangerCookie).client, { roundId });
    await stranger.failed();
    expect(stranger.errors[0]!.data?.appCode).toBe('NOT_FOUND');
    expect(stranger.events).toEqual([]);

    const anonymous = watch(open(null).client, { roundId });
    await anonymous.failed();
    expect(anonymous.errors[0]!.data?.appCode).toBe('NOT_AUTHENTICATED');
    expect(anonymous.events).toEqual([]);
  });
});
