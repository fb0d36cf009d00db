import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { announceAccessChanged } from '../../server/realtime/channels';
import { SESSION_ENDED_CLOSE_CODE } from '../../shared/live';
import type { UserRow } from '../../server/auth/users';
import { callerAs, callerWithToken, sessionTokenFor } from '../helpers/caller';
import { databaseKinds } from '../helpers/db';
import { createTestDeps, type TestDeps } from '../helpers/deps';
import { createUser } from '../helpers/factories';
import { openRawSocket, type RawSocket } from '../helpers/live';
import { startTestServer, type TestServer } from '../helpers/server';
import { demoCourse } from '../rounds/helpers';

/** docs/access.md section 5: within 5 seconds. */
const CLOSE_BOUND_MS = 5_000;

describe.each(databaseKinds())('live sockets end with their session, on %s', (kind) => {
  let deps: TestDeps;
  let server: TestServer;
  let owner: UserRow;
  let asOwner: Awaited<ReturnType<typeof callerAs>>['caller'];
  let course: Awaited<ReturnType<typeof demoCourse>>;
  const sockets: RawSocket[] = [];

  beforeAll(async () => {
    deps = await createTestDeps({ db: kind });
    server = await startTestServer(deps);
    course = await demoCourse(deps, 'oslo-gk', 'Bogstad');
    owner = await createUser(deps.db, { name: 'Eva Eier', handicapIndex: 14 });
    asOwner = (await callerAs(deps, owner)).caller;
  });
  afterAll(async () => {
    for (const s of sockets) s.socket.terminate();
    await server.close();
  });

  /** A round of the owner's with `player` taking part, and the player's participant id. */
  async function roundWith(player: UserRow) {
    const round = await asOwner.rounds.create({
      courseId: course.course.id,
      teeId: course.teeId,
      playedOn: '2026-08-01',
      format: 'stroke',
      holes: '18',
    });
    const side = await asOwner.rounds.addSide({ roundId: round.id, name: 'Lag 1' });
    const participant = await asOwner.rounds.addParticipant({ roundId: round.id, sideId: side.id, userId: player.id });
    return { roundId: round.id, participantId: participant.id };
  }

  async function open(token: string | null) {
    const socket = await openRawSocket(server, token ? `service_session=${token}` : null);
    sockets.push(socket);
    return socket;
  }

  /** A player watching a round on one socket, with a second socket of the same session left idle. */
  async function watchingPlayer() {
    const player = await createUser(deps.db, { name: 'Frode Venn', handicapIndex: 22 });
    const token = await sessionTokenFor(deps, player);
    const { roundId, participantId } = await roundWith(player);
    const watching = await open(token);
    watching.subscribe(1, 'rounds.onUpdate', { roundId });
    await watching.waitFor((m) => m.id === 1 && m.result?.type === 'data', 'the snapshot');
    const idle = await open(token);
    return { player, token, roundId, participantId, watching, idle };
  }

  async function expectClosedWithin(socket: RawSocket, startedAt: number) {
    const closed = await Promise.race([
      socket.closed,
      new Promise<null>((resolve) => setTimeout(() => resolve(null), CLOSE_BOUND_MS + 1_000)),
    ]);
    expect(closed, 'the socket was not closed').not.toBeNull();
    expect(closed!.code).toBe(SESSION_ENDED_CLOSE_CODE);
    expect(Date.now() - startedAt).toBeLessThan(CLOSE_BOUND_MS);
  }

  const endings: [string, (p: Awaited<ReturnType<typeof watchingPlayer>>) => Promise<unknown>][] = [
    ['logout', (p) => callerWithToken(deps, p.token).caller.auth.logout()],
    ['sign out everywhere', (p) => callerWithToken(deps, p.token).caller.auth.signOutEverywhere()],
    [
      'a password change',
      (p) => callerWithToken(deps, p.token).caller.auth.setPassword({ newPassword: 'et langt nytt passord' }),
    ],
    [
      "an operator's sign-out",
      async (p) => {
        const operator = await createUser(deps.db, { isSuperAdmin: true });
        return (await callerAs(deps, operator)).caller.admin.signOutUser({ userId: p.player.id });
      },
    ],
    // Deleted by hand in the database: nothing announces it, the periodic check must find it.
    ['the user being deleted', (p) => deps.db.execute(sql`delete from app_user where id = ${p.player.id}`)],
    [
      'the session expiring',
      async () => {
        deps.clock.advance(31 * 24 * 60 * 60);
      },
    ],
  ];

  it.each(endings)('%s closes every socket of the session with 4401, subscribed or idle', async (_name, end) => {
    const p = await watchingPlayer();
    const startedAt = Date.now();
    try {
      await end(p);
      await expectClosedWithin(p.watching, startedAt);
      await expectClosedWithin(p.idle, startedAt);
    } finally {
      deps.clock.set(new Date());
    }
    // The round goes on; the former holder of the session hears nothing of it.
    const before = p.watching.data(1).length;
    await asOwner.rounds.setScore({
      roundId: p.roundId,
      participantId: p.participantId,
      hole: 1,
      strokes: 4,
      previousStrokes: null,
    });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(p.watching.data(1)).toHaveLength(before);
  });

  it("logging out one device leaves the same user's other device live", async () => {
    const p = await watchingPlayer();
    const otherDevice = await open(await sessionTokenFor(deps, p.player));
    otherDevice.subscribe(7, 'rounds.onUpdate', { roundId: p.roundId });
    await otherDevice.waitFor((m) => m.id === 7 && m.result?.type === 'data', 'the snapshot on the other device');

    await callerWithToken(deps, p.token).caller.auth.logout();
    await expectClosedWithin(p.watching, Date.now());
    // Two more periodic checks: the other device's session is still good.
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    expect(otherDevice.socket.readyState).toBe(otherDevice.socket.OPEN);
    await asOwner.rounds.setScore({
      roundId: p.roundId,
      participantId: p.participantId,
      hole: 2,
      strokes: 5,
      previousStrokes: null,
    });
    await otherDevice.waitFor(
      (m) => m.id === 7 && (m.result?.data as { data?: { type?: string } })?.data?.type === 'score',
      'the score',
    );
  });

  it('a socket opened with a logged-out token among live ones is closed, and the live ones stay', async () => {
    const live = await watchingPlayer();
    const gone = await createUser(deps.db, { name: 'Gunn Gått' });
    const token = await sessionTokenFor(deps, gone);
    await callerWithToken(deps, token).caller.auth.logout();
    // Its token still verifies: only the database knows it was revoked, and the check of the new socket reads it.
    const startedAt = Date.now();
    await expectClosedWithin(await open(token), startedAt);
    expect(live.watching.socket.readyState).toBe(live.watching.socket.OPEN);
    expect(live.idle.socket.readyState).toBe(live.idle.socket.OPEN);
  });

  it('an anonymous socket is left open: it has no session to end', async () => {
    const anonymous = await open(null);
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    expect(anonymous.socket.readyState).toBe(anonymous.socket.OPEN);
  });

  it('a player who loses access to the round has the subscription ended with NOT_FOUND, and the socket stays', async () => {
    const p = await watchingPlayer();
    // What removing a player from a round amounts to: their card becomes a guest's.
    await deps.db.execute(
      sql`update participant set user_id = null, guest_name = 'Frode Venn' where id = ${p.participantId}`,
    );
    announceAccessChanged(deps, p.player.id);
    const error = await p.watching.waitFor((m) => m.id === 1 && m.error !== undefined, 'the subscription to end');
    expect(error.error!.data!.appCode).toBe('NOT_FOUND');

    await asOwner.rounds.setScore({
      roundId: p.roundId,
      participantId: p.participantId,
      hole: 3,
      strokes: 3,
      previousStrokes: null,
    });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(p.watching.data(1).filter((d) => (d as { data?: { type?: string } }).data?.type === 'score')).toHaveLength(
      0,
    );
    expect(p.watching.socket.readyState).toBe(p.watching.socket.OPEN);
  });

  it('a subscription cannot be opened over HTTP, where no socket could be closed when the session ends', async () => {
    const p = await watchingPlayer();
    const input = encodeURIComponent(JSON.stringify({ roundId: p.roundId }));
    const res = await fetch(`${server.url}/trpc/rounds.onUpdate?input=${input}`, {
      headers: { cookie: `service_session=${p.token}`, accept: 'text/event-stream' },
      signal: AbortSignal.timeout(5_000),
    });
    expect(res.status).toBe(400);
    // In tRPC's error shape, as every /trpc answer (docs/contract.md section 2).
    const body = (await res.json()) as { error: { message: string; data: { appCode: string; httpStatus: number } } };
    expect(body.error.data).toMatchObject({ appCode: 'INVALID_INPUT', httpStatus: 400 });
    expect(body.error.message).toBe('Direkteoppdateringer går bare over WebSocket.');
  });
});
