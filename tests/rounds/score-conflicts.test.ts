import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RoundView } from '../../shared/schemas/rounds';
import { callerAs, sessionTokenFor } from '../helpers/caller';
import { databaseKinds } from '../helpers/db';
import { createTestDeps, type TestDeps } from '../helpers/deps';
import { createUser } from '../helpers/factories';
import { startTestServer, type TestServer } from '../helpers/server';
import { roundEvent } from '../../server/db/schema';
import { demoCourse } from './helpers';

type Caller = Awaited<ReturnType<typeof callerAs>>['caller'];

function strokesOn(view: RoundView, participantId: string, hole: number): number | null {
  return view.sides
    .flatMap((s) => s.participants)
    .find((p) => p.id === participantId)!
    .holes.find((h) => h.hole === hole)!.strokes;
}

/** Two phones scoring one round: the owner's and a co-player's. */
async function twoPhones(deps: TestDeps) {
  const { course, teeId } = await demoCourse(deps, 'oslo-gk', 'Bogstad');
  const owner = await createUser(deps.db, { name: 'Eva Eier', handicapIndex: 18.4 });
  const friend = await createUser(deps.db, { name: 'Frode Venn', handicapIndex: 9.2 });
  const asOwner = (await callerAs(deps, owner)).caller;
  const asFriend = (await callerAs(deps, friend)).caller;
  const newRound = async () => {
    const round = await asOwner.rounds.create({
      courseId: course.id,
      teeId,
      playedOn: '2026-06-01',
      format: 'stroke',
      holes: '18',
    });
    const side = await asOwner.rounds.addSide({ roundId: round.id, name: 'Lag' });
    const me = await asOwner.rounds.addParticipant({ roundId: round.id, sideId: side.id, userId: owner.id });
    await asOwner.rounds.addParticipant({ roundId: round.id, sideId: side.id, userId: friend.id });
    return { roundId: round.id, participantId: me.id };
  };
  return { owner, friend, asOwner, asFriend, newRound };
}

describe.each(databaseKinds())('a score written from two phones, through tRPC, on %s', (kind) => {
  let deps: TestDeps;
  let asOwner: Caller;
  let asFriend: Caller;
  let newRound: Awaited<ReturnType<typeof twoPhones>>['newRound'];

  beforeAll(async () => {
    deps = await createTestDeps({ db: kind });
    ({ asOwner, asFriend, newRound } = await twoPhones(deps));
  });

  it('keeps the co-player’s correction when the first phone re-sends its older value', async () => {
    const { roundId, participantId } = await newRound();
    await asOwner.rounds.setScore({ roundId, participantId, hole: 1, strokes: 5, previousStrokes: null });
    await asFriend.rounds.setScore({ roundId, participantId, hole: 1, strokes: 6, previousStrokes: 5 });

    // The first phone never saw its answer and sends the same edit again.
    await expect(
      asOwner.rounds.setScore({ roundId, participantId, hole: 1, strokes: 5, previousStrokes: null }),
    ).rejects.toMatchObject({
      code: 'CONFLICT',
      message: expect.stringMatching(/hull 1 ble endret til 6 fra en annen telefon/),
    });
    expect(strokesOn(await asOwner.rounds.get({ roundId }), participantId, 1)).toBe(6);
  });

  it('accepts the same write twice (a retry after a lost answer), a clear included', async () => {
    const { roundId, participantId } = await newRound();
    await asOwner.rounds.setScore({ roundId, participantId, hole: 2, strokes: 4, previousStrokes: null });
    const again = await asOwner.rounds.setScore({ roundId, participantId, hole: 2, strokes: 4, previousStrokes: null });
    expect(strokesOn(again, participantId, 2)).toBe(4);
    await asOwner.rounds.setScore({ roundId, participantId, hole: 2, strokes: 7, previousStrokes: 4 });
    expect(
      strokesOn(
        await asOwner.rounds.setScore({ roundId, participantId, hole: 2, strokes: 7, previousStrokes: 4 }),
        participantId,
        2,
      ),
    ).toBe(7);
    await asOwner.rounds.setScore({ roundId, participantId, hole: 2, strokes: null, previousStrokes: 7 });
    expect(
      strokesOn(
        await asOwner.rounds.setScore({ roundId, participantId, hole: 2, strokes: null, previousStrokes: 7 }),
        participantId,
        2,
      ),
    ).toBeNull();
  });

  it('writes a repeated operation once, however many copies arrive at once: one score, one event (decision 0416)', async () => {
    const { roundId, participantId } = await newRound();
    const scoreEvents = async () =>
      (await deps.db.select({ payload: roundEvent.payload }).from(roundEvent).where(eq(roundEvent.roundId, roundId)))
        .map((e) => e.payload as { type: string; hole?: number; strokes?: number | null })
        .filter((e) => e.type === 'score');

    // An outbox re-sending after lost answers, and a second tab sending the same operations.
    const first = await Promise.allSettled(
      Array.from({ length: 6 }, () =>
        asOwner.rounds.setScore({ roundId, participantId, hole: 6, strokes: 4, previousStrokes: null }),
      ),
    );
    expect(first.map((r) => r.status)).toEqual(Array(6).fill('fulfilled'));
    const corrected = await Promise.allSettled(
      Array.from({ length: 4 }, () =>
        asOwner.rounds.setScore({ roundId, participantId, hole: 6, strokes: 5, previousStrokes: 4 }),
      ),
    );
    expect(corrected.map((r) => r.status)).toEqual(Array(4).fill('fulfilled'));
    for (const r of corrected) if (r.status === 'fulfilled') expect(strokesOn(r.value, participantId, 6)).toBe(5);
    const cleared = await Promise.allSettled(
      Array.from({ length: 3 }, () =>
        asOwner.rounds.setScore({ roundId, participantId, hole: 6, strokes: null, previousStrokes: 5 }),
      ),
    );
    expect(cleared.map((r) => r.status)).toEqual(Array(3).fill('fulfilled'));

    expect(await scoreEvents()).toEqual([
      { type: 'score', participantId, hole: 6, strokes: 4 },
      { type: 'score', participantId, hole: 6, strokes: 5 },
      { type: 'score', participantId, hole: 6, strokes: null },
    ]);
    // A repeat of an operation older than the hole's value is still a conflict, not a write.
    await asOwner.rounds.setScore({ roundId, participantId, hole: 6, strokes: 3, previousStrokes: null });
    await expect(
      asOwner.rounds.setScore({ roundId, participantId, hole: 6, strokes: 5, previousStrokes: 4 }),
    ).rejects.toMatchObject({ code: 'CONFLICT' });
    expect(strokesOn(await asOwner.rounds.get({ roundId }), participantId, 6)).toBe(3);
    expect(await scoreEvents()).toHaveLength(4);
  });

  it('refuses a clear or a change of a value that has changed since, and says it was removed', async () => {
    const { roundId, participantId } = await newRound();
    await asOwner.rounds.setScore({ roundId, participantId, hole: 3, strokes: 4, previousStrokes: null });
    await asFriend.rounds.setScore({ roundId, participantId, hole: 3, strokes: 3, previousStrokes: 4 });
    await expect(
      asOwner.rounds.setScore({ roundId, participantId, hole: 3, strokes: null, previousStrokes: 4 }),
    ).rejects.toMatchObject({ code: 'CONFLICT' });
    await expect(
      asOwner.rounds.setScore({ roundId, participantId, hole: 3, strokes: 5, previousStrokes: 4 }),
    ).rejects.toMatchObject({ code: 'CONFLICT' });
    await asFriend.rounds.setScore({ roundId, participantId, hole: 3, strokes: null, previousStrokes: 3 });
    await expect(
      asOwner.rounds.setScore({ roundId, participantId, hole: 3, strokes: 5, previousStrokes: 3 }),
    ).rejects.toMatchObject({
      code: 'CONFLICT',
      message: expect.stringMatching(/hull 3 ble fjernet/),
    });
    expect(strokesOn(await asOwner.rounds.get({ roundId }), participantId, 3)).toBeNull();
  });

  it('lets exactly one of two simultaneous edits from the same value win', async () => {
    const { roundId, participantId } = await newRound();
    await asOwner.rounds.setScore({ roundId, participantId, hole: 4, strokes: 4, previousStrokes: null });
    const results = await Promise.allSettled([
      asOwner.rounds.setScore({ roundId, participantId, hole: 4, strokes: 5, previousStrokes: 4 }),
      asFriend.rounds.setScore({ roundId, participantId, hole: 4, strokes: 6, previousStrokes: 4 }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
    const winner = results[0]!.status === 'fulfilled' ? 5 : 6;
    expect(strokesOn(await asOwner.rounds.get({ roundId }), participantId, 4)).toBe(winner);
  });

  it('keeps last-write-wins for a client that does not send previousStrokes', async () => {
    const { roundId, participantId } = await newRound();
    await asOwner.rounds.setScore({ roundId, participantId, hole: 5, strokes: 4, previousStrokes: null });
    await asFriend.rounds.setScore({ roundId, participantId, hole: 5, strokes: 6, previousStrokes: 4 });
    expect(
      strokesOn(await asOwner.rounds.setScore({ roundId, participantId, hole: 5, strokes: 5 }), participantId, 5),
    ).toBe(5);
  });
});

describe('a score written from two phones, over REST', () => {
  let deps: TestDeps;
  let server: TestServer;
  let ownerCookie: string;
  let friendCookie: string;
  let newRound: Awaited<ReturnType<typeof twoPhones>>['newRound'];

  beforeAll(async () => {
    deps = await createTestDeps();
    const phones = await twoPhones(deps);
    newRound = phones.newRound;
    ownerCookie = `service_session=${await sessionTokenFor(deps, phones.owner)}`;
    friendCookie = `service_session=${await sessionTokenFor(deps, phones.friend)}`;
    server = await startTestServer(deps);
  });
  afterAll(() => server.close());

  const put = async (roundId: string, cookie: string, body: unknown) => {
    const res = await fetch(`${server.url}/rounds/${roundId}/scores`, {
      method: 'PUT',
      headers: { cookie, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return { status: res.status, body: await res.json() };
  };

  it('answers 409 CONFLICT with a Norwegian message to an older value, 200 to a repeat and to a client without the field', async () => {
    const { roundId, participantId } = await newRound();
    expect(
      (await put(roundId, ownerCookie, { participantId, hole: 1, strokes: 5, previousStrokes: null })).status,
    ).toBe(200);
    expect((await put(roundId, friendCookie, { participantId, hole: 1, strokes: 6, previousStrokes: 5 })).status).toBe(
      200,
    );

    const stale = await put(roundId, ownerCookie, { participantId, hole: 1, strokes: 5, previousStrokes: null });
    expect(stale.status).toBe(409);
    expect(stale.body).toEqual({
      error: { code: 'CONFLICT', message: expect.stringMatching(/^Slagene på hull 1 ble endret til 6/) },
    });

    const repeat = await put(roundId, friendCookie, { participantId, hole: 1, strokes: 6, previousStrokes: 5 });
    expect(repeat.status).toBe(200);
    expect(strokesOn(repeat.body, participantId, 1)).toBe(6);

    const contractBody = await put(roundId, ownerCookie, { participantId, hole: 1, strokes: 5 });
    expect(contractBody.status).toBe(200);
    expect(strokesOn(contractBody.body, participantId, 1)).toBe(5);
  });

  it('validates previousStrokes like strokes', async () => {
    const { roundId, participantId } = await newRound();
    for (const previousStrokes of [0, 21, 4.5, '4']) {
      const bad = await put(roundId, ownerCookie, { participantId, hole: 1, strokes: 5, previousStrokes });
      expect(bad.status).toBe(400);
      expect(bad.body.error).toMatchObject({
        code: 'INVALID_INPUT',
        issues: [expect.objectContaining({ path: 'previousStrokes' })],
      });
    }
  });
});
