import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserRow } from '../../server/auth/users';
import { max } from 'drizzle-orm';
import { MAX_RESUMED_FEED_EVENTS } from '../../server/feed/events';
import { feedEvent, feedItem } from '../../server/db/schema';
import type { FeedEvent, FeedItem } from '../../shared/schemas/feed';
import { callerAs, sessionTokenFor } from '../helpers/caller';
import { databaseKinds } from '../helpers/db';
import { createTestDeps, type TestDeps } from '../helpers/deps';
import { createUser } from '../helpers/factories';
import { openRawSocket, type RawSocket } from '../helpers/live';
import { startTestServer, type TestServer } from '../helpers/server';
import { draftTournament, leaked, moveTo, playedRound, secretsOfTheWorld, superAdmin } from './support';

/** docs/contract.md section 10: feed.onItem on real WebSockets, anonymous and signed in. */
const QUIET_MS = 300;

interface Delivered {
  id: string;
  data: FeedEvent;
}

describe.each(databaseKinds())('live feed on %s', (kind) => {
  let deps: TestDeps;
  let server: TestServer;
  const sockets: RawSocket[] = [];

  beforeAll(async () => {
    deps = await createTestDeps({ db: kind });
    server = await startTestServer(deps);
  });
  afterAll(async () => {
    for (const s of sockets) s.socket.terminate();
    await server.close();
  });

  async function open(user: UserRow | null): Promise<RawSocket> {
    const session = user ? await sessionTokenFor(deps, user) : null;
    const socket = await openRawSocket(server, session ? `service_session=${session}` : null);
    sockets.push(socket);
    return socket;
  }

  /** Subscribes and waits until the server has accepted: from then on is "from now on". */
  async function listen(socket: RawSocket, id: number, input: { lastEventId?: string } = {}) {
    socket.subscribe(id, 'feed.onItem', input);
    const answer = await socket.waitFor(
      (m) => m.id === id && (m.result?.type === 'started' || m.error !== undefined),
      'the subscription to start',
    );
    expect(answer.error).toBeUndefined();
  }

  const delivered = (socket: RawSocket, id: number) => socket.data(id) as Delivered[];
  const waitForCount = (socket: RawSocket, id: number, n: number) =>
    socket.waitFor(() => delivered(socket, id).length >= n, `${n} feed events on subscription ${id}`);
  const quiet = () => new Promise((resolve) => setTimeout(resolve, QUIET_MS));
  const newest = async () => (await (await callerAs(deps, null)).caller.feed.list({ limit: 100 })).items;

  it('anonymous and signed-in sockets get each new item as feed.list has it, then word of its withdrawal', async () => {
    const anonymous = await open(null);
    const signedIn = await open(await createUser(deps.db, { name: 'Sigrid Innlogget' }));
    await listen(anonymous, 1);
    await listen(signedIn, 1);

    const fx = await draftTournament(deps, { name: 'Direktecupen' });
    await moveTo(deps, fx, 'in_progress');
    const items = (await newest()).filter((i) => i.tournament?.slug === fx.slug);
    const admin = (await callerAs(deps, fx.admin)).caller;
    await admin.tournaments.update({
      organizationId: fx.organizationId,
      tournamentId: fx.tournamentId,
      visibility: 'members',
    });

    const secrets = await secretsOfTheWorld(deps);
    for (const socket of [anonymous, signedIn]) {
      await waitForCount(socket, 1, 4);
      const events = delivered(socket, 1);
      // The FeedItem itself, then {kind: 'hidden', id} for each of the tournament's items.
      expect(events.map((e) => e.data)).toEqual([
        items[1],
        items[0],
        ...[items[1], items[0]].map((i) => expect.objectContaining({ kind: 'hidden', id: i!.id })),
      ]);
      expect(events.slice(2).map((e) => Object.keys(e.data).sort())).toEqual([
        ['id', 'kind'],
        ['id', 'kind'],
      ]);
      expect(events.map((e) => Number(e.id))).toEqual([...events.map((e) => Number(e.id))].sort((a, b) => a - b));
      expect(leaked(JSON.stringify(socket.messages), secrets)).toEqual([]);
    }
    // A members-only tournament's news never reaches a socket.
    await moveTo(deps, fx, 'finished');
    await quiet();
    expect(delivered(anonymous, 1)).toHaveLength(4);
  });

  it('an unshared round and an item a super administrator hides leave every subscriber’s feed', async () => {
    const socket = await open(null);
    await listen(socket, 1);
    const { round, owner } = await playedRound(deps);
    const owners = (await callerAs(deps, owner)).caller;
    const shared = await owners.rounds.share({ roundId: round.id });
    await waitForCount(socket, 1, 3);
    const posted = delivered(socket, 1).map((e) => e.data as FeedItem);
    expect(posted.map((i) => i.kind)).toEqual(['highlight', 'highlight', 'round_shared']);
    expect(posted[2]).toEqual(shared);

    await owners.rounds.unshare({ roundId: round.id });
    await waitForCount(socket, 1, 6);
    expect(
      new Set(
        delivered(socket, 1)
          .slice(3)
          .map((e) => JSON.stringify(e.data)),
      ),
    ).toEqual(new Set(posted.map((i) => JSON.stringify({ kind: 'hidden', id: i.id }))));

    const again = await owners.rounds.share({ roundId: round.id });
    await waitForCount(socket, 1, 9);
    await (await callerAs(deps, await superAdmin(deps))).caller.admin.hideFeedItem({ itemId: again.id });
    await waitForCount(socket, 1, 10);
    expect(delivered(socket, 1).at(-1)!.data).toEqual({ kind: 'hidden', id: again.id });
  });

  it('resumes after lastEventId without loss or duplicates; an item withdrawn meanwhile comes back only as hidden', async () => {
    const first = await open(null);
    await listen(first, 1);
    const opened = [];
    for (const name of ['Før brudd 1', 'Før brudd 2']) {
      const fx = await draftTournament(deps, { name });
      await moveTo(deps, fx, 'open');
      opened.push(fx);
    }
    await waitForCount(first, 1, 2);
    const lastSeen = delivered(first, 1).at(-1)!.id;
    first.socket.close();

    // Missed: two openings, the second withdrawn again, and the withdrawal of one the socket had seen.
    const missedA = await draftTournament(deps, { name: 'Under brudd A' });
    await moveTo(deps, missedA, 'open');
    const missedB = await draftTournament(deps, { name: 'Under brudd B' });
    await moveTo(deps, missedB, 'open');
    for (const fx of [missedB, opened[0]!]) {
      await (await callerAs(deps, fx.admin)).caller.tournaments.update({
        organizationId: fx.organizationId,
        tournamentId: fx.tournamentId,
        visibility: 'members',
      });
    }
    const items = await newest();
    const itemA = items.find((i) => i.tournament?.slug === missedA.slug)!;

    const again = await open(null);
    await listen(again, 2, { lastEventId: lastSeen });
    const after = await draftTournament(deps, { name: 'Etter brudd' });
    await moveTo(deps, after, 'open');
    await waitForCount(again, 2, 5);
    await quiet();
    const events = delivered(again, 2);
    const described = events.map((e) => (e.data.kind === 'hidden' ? 'hidden' : (e.data as FeedItem).tournament!.name));
    expect(described).toEqual(['Under brudd A', 'hidden', 'hidden', 'hidden', 'Etter brudd']);
    expect(events[0]!.data).toEqual(itemA);
    // The withdrawn one's content is not sent again: its posting replays as hidden.
    expect(JSON.stringify(events)).not.toContain('Under brudd B');
    expect(new Set(events.map((e) => e.id)).size).toBe(events.length);
    expect(Number(events[0]!.id)).toBeGreaterThan(Number(lastSeen));
  });

  it('a resume reaches back at most the newest page: lastEventId "0" replays only the newest events', async () => {
    // Many withdrawn items, as a long history would leave: each is one "hidden" event.
    const history = MAX_RESUMED_FEED_EVENTS + 30;
    await deps.db.transaction(async (tx) => {
      for (let i = 0; i < history; i++) {
        const [item] = await tx
          .insert(feedItem)
          .values({
            kind: 'tournament_opened',
            at: deps.now(),
            payload: {},
            source: `history:${kind}:${i}`,
            hiddenAt: deps.now(),
            hiddenReason: 'admin',
          })
          .returning({ id: feedItem.id });
        await tx.insert(feedEvent).values({ itemId: item!.id, kind: 'hidden' });
      }
    });
    const [{ latest } = { latest: 0 }] = await deps.db.select({ latest: max(feedEvent.id) }).from(feedEvent);
    const socket = await open(null);
    await listen(socket, 1, { lastEventId: '0' });
    // One more, live: once it has arrived, everything the resume was going to replay has come before it.
    const fx = await draftTournament(deps, { name: 'Etter historien' });
    await moveTo(deps, fx, 'open');
    await socket.waitFor(
      () => delivered(socket, 1).some((e) => e.data.kind !== 'hidden'),
      'the live item after the replay',
    );
    const events = delivered(socket, 1);
    expect(events).toHaveLength(MAX_RESUMED_FEED_EVENTS + 1);
    expect(Number(events[0]!.id)).toBe(latest! - MAX_RESUMED_FEED_EVENTS + 1);
    // A forged id past the newest starts from the newest, as a fresh subscription does.
    const ahead = await open(null);
    await listen(ahead, 2, { lastEventId: String(latest! + 1_000_000) });
    const next = await draftTournament(deps, { name: 'Etter det igjen' });
    await moveTo(deps, next, 'open');
    await ahead.waitFor(() => delivered(ahead, 2).length >= 1, 'the next live item');
    expect((delivered(ahead, 2)[0]!.data as FeedItem).tournament!.name).toBe('Etter det igjen');
  });
});
