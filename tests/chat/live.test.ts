import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserRow } from '../../server/auth/users';
import type { ChatEvent } from '../../shared/schemas/chat';
import { SESSION_ENDED_CLOSE_CODE } from '../../shared/live';
import { callerAs, callerWithToken, sessionTokenFor } from '../helpers/caller';
import { databaseKinds } from '../helpers/db';
import { createTestDeps, type TestDeps } from '../helpers/deps';
import { openRawSocket, type RawSocket } from '../helpers/live';
import { startTestServer, type TestServer } from '../helpers/server';
import { chatWorld, freshMember } from './support';

/** docs/contract.md section 10: chat.onMessage on real WebSockets, as the app's sockets are. */
const CLOSE_BOUND_MS = 5_000;
/** How long "nothing arrives" is watched for. */
const QUIET_MS = 300;

interface Delivered {
  id: string;
  data: ChatEvent;
}

describe.each(databaseKinds())('live team chat on %s', (kind) => {
  let deps: TestDeps;
  let server: TestServer;
  let w: Awaited<ReturnType<typeof chatWorld>>;
  const sockets: RawSocket[] = [];

  beforeAll(async () => {
    deps = await createTestDeps({ db: kind });
    server = await startTestServer(deps);
    w = await chatWorld(deps);
  });
  afterAll(async () => {
    for (const s of sockets) s.socket.terminate();
    await server.close();
  });

  async function open(user: UserRow | null, token?: string): Promise<RawSocket> {
    const session = token ?? (user ? await sessionTokenFor(deps, user) : null);
    const socket = await openRawSocket(server, session ? `service_session=${session}` : null);
    sockets.push(socket);
    return socket;
  }

  /** Subscribes and waits until the server has accepted the subscription: from then on is "from now on". */
  async function listen(socket: RawSocket, id: number, input: { organizationId: string; lastEventId?: string }) {
    socket.subscribe(id, 'chat.onMessage', input);
    await socket.waitFor(
      (m) => m.id === id && (m.result?.type === 'started' || m.error !== undefined),
      'the subscription to start',
    );
  }

  const delivered = (socket: RawSocket, id: number) => socket.data(id) as Delivered[];
  const waitForCount = (socket: RawSocket, id: number, n: number) =>
    socket.waitFor(() => delivered(socket, id).length >= n, `${n} chat events on subscription ${id}`);
  const quiet = () => new Promise((resolve) => setTimeout(resolve, QUIET_MS));

  async function send(user: UserRow, text: string, organizationId = w.club.id) {
    return (await callerAs(deps, user)).caller.chat.send({ organizationId, text });
  }

  it("delivers sends, edits and deletes to the club's members only, the deleted text never again", async () => {
    const member = await open(w.member);
    const admin = await open(w.admin);
    const neighbour = await open(w.outsider);
    await listen(member, 1, { organizationId: w.club.id });
    await listen(admin, 1, { organizationId: w.club.id });
    await listen(neighbour, 1, { organizationId: w.neighbour.id });

    const sent = await send(w.other, 'Banen er åpen <b>igjen</b>');
    await (await callerAs(deps, w.other)).caller.chat.edit({
      organizationId: w.club.id,
      messageId: sent.id,
      text: 'Banen er åpen igjen!',
    });
    await (await callerAs(deps, w.admin)).caller.chat.delete({ organizationId: w.club.id, messageId: sent.id });
    for (const socket of [member, admin]) {
      await waitForCount(socket, 1, 3);
      const events = delivered(socket, 1);
      expect(events.map((e) => e.data.kind)).toEqual(['message', 'edit', 'delete']);
      expect(events.every((e) => e.data.message.id === sent.id)).toBe(true);
      expect(events[2]!.data.message).toEqual({
        id: sent.id,
        author: { userId: w.other.id, name: 'Mats Medlem' },
        createdAt: sent.createdAt,
        deleted: true,
      });
      // Ids increase: they are what a reconnecting client resumes from.
      expect(events.map((e) => Number(e.id))).toEqual([...events.map((e) => Number(e.id))].sort((a, b) => a - b));
    }
    await quiet();
    expect(delivered(neighbour, 1)).toEqual([]);
    // The neighbour's own club talks to them alone.
    await send(w.outsider, 'Naboprat', w.neighbour.id);
    await waitForCount(neighbour, 1, 1);
    await quiet();
    expect(delivered(member, 1)).toHaveLength(3);
  });

  it('resumes after lastEventId without loss or duplicates, then goes on live', async () => {
    const author = await freshMember(deps, w.club.id, 'Rolf Resume');
    const first = await open(w.member);
    await listen(first, 1, { organizationId: w.club.id });
    await send(author, 'Før brudd 1');
    await send(author, 'Før brudd 2');
    await waitForCount(first, 1, 2);
    const lastSeen = delivered(first, 1).at(-1)!.id;
    first.socket.close();

    const missed = ['Under brudd 1', 'Under brudd 2', 'Under brudd 3'];
    for (const text of missed) await send(author, text);
    const edited = await send(author, 'Skal endres');
    await (await callerAs(deps, author)).caller.chat.edit({
      organizationId: w.club.id,
      messageId: edited.id,
      text: 'Endret',
    });

    const again = await open(w.member);
    await listen(again, 2, { organizationId: w.club.id, lastEventId: lastSeen });
    await send(author, 'Etter brudd');
    await waitForCount(again, 2, 6);
    await quiet();
    const events = delivered(again, 2);
    // Replayed as the messages stand now: the edited one's send and edit both carry the new text.
    expect(events.map((e) => `${e.data.kind}:${e.data.message.text}`)).toEqual([
      ...missed.map((t) => `message:${t}`),
      'message:Endret',
      'edit:Endret',
      'message:Etter brudd',
    ]);
    expect(new Set(events.map((e) => e.id)).size).toBe(events.length);
    expect(Number(events[0]!.id)).toBeGreaterThan(Number(lastSeen));
  });

  it('starts from now without lastEventId: nothing old is sent', async () => {
    await send(w.member, 'Gammel nyhet');
    const socket = await open(w.other);
    await listen(socket, 3, { organizationId: w.club.id });
    await quiet();
    expect(delivered(socket, 3)).toEqual([]);
    await send(w.member, 'Fersk nyhet');
    await waitForCount(socket, 3, 1);
    expect(delivered(socket, 3).map((e) => e.data.message.text)).toEqual(['Fersk nyhet']);
  });

  it('closes an anonymous socket that subscribes to chat with 4401', async () => {
    const anonymous = await open(null);
    anonymous.subscribe(1, 'chat.onMessage', { organizationId: w.club.id });
    const closed = await Promise.race([
      anonymous.closed,
      new Promise<null>((resolve) => setTimeout(() => resolve(null), 3_000)),
    ]);
    expect(closed?.code).toBe(SESSION_ENDED_CLOSE_CODE);
    expect(JSON.stringify(anonymous.messages)).not.toContain('message');
  });

  it('refuses a signed-in non-member with NOT_ORG_MEMBER and leaves the socket open', async () => {
    const socket = await open(w.outsider);
    socket.subscribe(1, 'chat.onMessage', { organizationId: w.club.id });
    const refused = await socket.waitFor((m) => m.id === 1 && m.error !== undefined, 'the refusal');
    expect(refused.error!.data!.appCode).toBe('NOT_ORG_MEMBER');
    await send(w.member, 'Ikke for naboen');
    await quiet();
    expect(delivered(socket, 1)).toEqual([]);
    expect(socket.socket.readyState).toBe(socket.socket.OPEN);
  });

  it('ends a removed member’s subscription with NOT_ORG_MEMBER at once; nothing more reaches them', async () => {
    const leaving = await freshMember(deps, w.club.id, 'Kåre Kastet');
    const socket = await open(leaving);
    await listen(socket, 1, { organizationId: w.club.id });
    await send(w.member, 'Før fjerning');
    await waitForCount(socket, 1, 1);

    const startedAt = Date.now();
    await (await callerAs(deps, w.admin)).caller.orgs.removeMember({ organizationId: w.club.id, userId: leaving.id });
    const ended = await socket.waitFor((m) => m.id === 1 && m.error !== undefined, 'the subscription to end');
    expect(ended.error!.data!.appCode).toBe('NOT_ORG_MEMBER');
    // Announced, not found by the five-minute backstop.
    expect(Date.now() - startedAt).toBeLessThan(1_000);
    await send(w.member, 'Etter fjerning');
    await quiet();
    expect(delivered(socket, 1).map((e) => e.data.message.text)).toEqual(['Før fjerning']);
    // Subscribing again is refused.
    socket.subscribe(2, 'chat.onMessage', { organizationId: w.club.id });
    expect((await socket.waitFor((m) => m.id === 2 && m.error !== undefined, 'the refusal')).error!.data!.appCode).toBe(
      'NOT_ORG_MEMBER',
    );
  });

  it('closes every socket of a session that logs out within 5 s with 4401, subscribed or idle', async () => {
    const user = await freshMember(deps, w.club.id, 'Lise Logger-ut');
    const token = await sessionTokenFor(deps, user);
    const subscribed = await open(user, token);
    const idle = await open(user, token);
    await listen(subscribed, 1, { organizationId: w.club.id });
    const startedAt = Date.now();
    await callerWithToken(deps, token).caller.auth.logout();
    for (const socket of [subscribed, idle]) {
      const closed = await Promise.race([
        socket.closed,
        new Promise<null>((resolve) => setTimeout(() => resolve(null), CLOSE_BOUND_MS + 1_000)),
      ]);
      expect(closed?.code).toBe(SESSION_ENDED_CLOSE_CODE);
    }
    expect(Date.now() - startedAt).toBeLessThan(CLOSE_BOUND_MS);
    await send(w.member, 'Etter utlogging');
    await quiet();
    expect(delivered(subscribed, 1)).toEqual([]);
  });
});
