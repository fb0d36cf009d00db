import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_SUBSCRIPTIONS_PER_SOCKET } from '../../server/realtime/socket-budget';
import { callerAs, sessionTokenFor } from '../helpers/caller';
import { createTestDeps, type TestDeps } from '../helpers/deps';
import { createUser } from '../helpers/factories';
import { openRawSocket, type RawSocket, type ServerMessage } from '../helpers/live';
import { startTestServer, type TestServer } from '../helpers/server';
import { demoCourse } from '../rounds/helpers';

/** Subscriptions on one socket are bounded: a client cannot make the server hold streams without end. */
describe('subscriptions per WebSocket', () => {
  let deps: TestDeps;
  let server: TestServer;
  let cookie: string;
  let roundId: string;
  const sockets: RawSocket[] = [];

  beforeAll(async () => {
    deps = await createTestDeps();
    server = await startTestServer(deps);
    const course = await demoCourse(deps, 'oslo-gk', 'Bogstad');
    const owner = await createUser(deps.db, { name: 'Eva Eier', handicapIndex: 14 });
    const asOwner = (await callerAs(deps, owner)).caller;
    const round = await asOwner.rounds.create({
      courseId: course.course.id,
      teeId: course.teeId,
      playedOn: '2026-08-01',
      format: 'stroke',
      holes: '18',
    });
    roundId = round.id;
    cookie = `service_session=${await sessionTokenFor(deps, owner)}`;
  });
  afterAll(async () => {
    for (const s of sockets) s.socket.terminate();
    await server.close();
  });

  async function open() {
    const socket = await openRawSocket(server, cookie);
    sockets.push(socket);
    return socket;
  }

  const request = (id: number, input: unknown) => ({
    id,
    method: 'subscription',
    params: { path: 'rounds.onUpdate', input },
  });
  const answered = (socket: RawSocket, ids: number[]) =>
    socket.waitFor(
      () => ids.every((id) => socket.messages.some((m) => m.id === id && (m.error || m.result?.type === 'data'))),
      `answers to ${ids.length} subscriptions`,
    );
  const codeOf = (socket: RawSocket, id: number) =>
    socket.messages.find((m: ServerMessage) => m.id === id && m.error)?.error?.data?.appCode;
  const ids = (from: number, count: number) => Array.from({ length: count }, (_, i) => from + i);

  it(`takes ${MAX_SUBSCRIPTIONS_PER_SOCKET} at once, refuses more with RATE_LIMITED, and frees a place when one stops`, async () => {
    const socket = await open();
    // One message with 50 subscription requests, as tRPC's protocol allows.
    socket.socket.send(JSON.stringify(ids(1, 50).map((id) => request(id, { roundId }))));
    await answered(socket, ids(1, 50));
    const served = ids(1, 50).filter((id) => socket.data(id).length > 0);
    const refused = ids(1, 50).filter((id) => codeOf(socket, id) === 'RATE_LIMITED');
    expect(served).toHaveLength(MAX_SUBSCRIPTIONS_PER_SOCKET);
    expect(refused).toHaveLength(50 - MAX_SUBSCRIPTIONS_PER_SOCKET);
    const refusal = socket.messages.find((m) => m.id === refused[0] && m.error)!;
    expect(refusal.error!.message).toMatch(/høyst 20 direkteoppdateringer/);

    socket.socket.send(JSON.stringify({ id: served[0], method: 'subscription.stop' }));
    await socket.waitFor((m) => m.id === served[0] && m.result?.type === 'stopped', 'the stop');
    socket.subscribe(100, 'rounds.onUpdate', { roundId });
    await answered(socket, [100]);
    expect(socket.data(100)).toHaveLength(1);
    socket.subscribe(101, 'rounds.onUpdate', { roundId });
    await answered(socket, [101]);
    expect(codeOf(socket, 101)).toBe('RATE_LIMITED');
  });

  it('counts only subscriptions that run: refused ones (bad input, no access) give their place back', async () => {
    const socket = await open();
    socket.socket.send(
      JSON.stringify(ids(1, 30).map((id) => request(id, id % 2 ? { roundId: randomUUID() } : { roundId: 'no-uuid' }))),
    );
    await answered(socket, ids(1, 30));
    expect(new Set(ids(1, 30).map((id) => codeOf(socket, id)))).toEqual(new Set(['NOT_FOUND', 'INVALID_INPUT']));
    socket.socket.send(JSON.stringify(ids(31, MAX_SUBSCRIPTIONS_PER_SOCKET).map((id) => request(id, { roundId }))));
    await answered(socket, ids(31, MAX_SUBSCRIPTIONS_PER_SOCKET));
    expect(ids(31, MAX_SUBSCRIPTIONS_PER_SOCKET).every((id) => socket.data(id).length === 1)).toBe(true);
  });

  it('gives each socket its own budget', async () => {
    const first = await open();
    const second = await open();
    first.socket.send(JSON.stringify(ids(1, MAX_SUBSCRIPTIONS_PER_SOCKET).map((id) => request(id, { roundId }))));
    second.socket.send(JSON.stringify(ids(1, MAX_SUBSCRIPTIONS_PER_SOCKET).map((id) => request(id, { roundId }))));
    await answered(first, ids(1, MAX_SUBSCRIPTIONS_PER_SOCKET));
    await answered(second, ids(1, MAX_SUBSCRIPTIONS_PER_SOCKET));
    expect(
      ids(1, MAX_SUBSCRIPTIONS_PER_SOCKET).every((id) => first.data(id).length === 1 && second.data(id).length === 1),
    ).toBe(true);
  });
});
