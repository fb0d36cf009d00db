import { isDeepStrictEqual } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LeaderboardRowView, LeaderboardUpdate } from '../../shared/schemas/tournaments';
import { audiencesOf } from '../../server/realtime/audiences';
import { createEventBus } from '../../server/realtime/bus';
import { tournamentChannel } from '../../server/tournaments/events';
import { sessionTokenFor } from '../helpers/caller';
import { databaseKinds } from '../helpers/db';
import { createTestDeps, type TestDeps } from '../helpers/deps';
import { createUser } from '../helpers/factories';
import { collect, connect } from '../helpers/live';
import { startTestServer, type TestServer } from '../helpers/server';
import { createTournamentFixture, type TournamentFixture } from '../helpers/tournaments';
import { trpcClient } from '../helpers/transport';
import { changeTournament, recordScore } from './live-support';

interface Received {
  id: string;
  data: LeaderboardUpdate;
}

/** Subscribes to tournaments.onLeaderboard and collects every event and error. */
function follow(client: ReturnType<typeof connect>['client'], input: { slug: string; lastEventId?: string }) {
  return collect<LeaderboardUpdate>((handlers) => client.tournaments.onLeaderboard.subscribe(input, handlers));
}

/** The leaderboard a client holds after applying the events in order: division → entry → row. */
function held(events: Received[]): Record<string, Record<string, LeaderboardRowView>> {
  const board: Record<string, Record<string, LeaderboardRowView>> = {};
  for (const { data } of events) {
    if (data.kind === 'snapshot') {
      for (const key of Object.keys(board)) delete board[key];
      for (const d of data.leaderboard.divisions) board[d.id] = Object.fromEntries(d.rows.map((r) => [r.entryId, r]));
      continue;
    }
    for (const { divisionId, ...row } of data.rows) {
      board[divisionId] ??= {};
      board[divisionId][row.entryId] = row;
    }
    for (const r of data.removed ?? []) delete board[r.divisionId]?.[r.entryId];
  }
  return board;
}

describe.each(databaseKinds())('the live leaderboard over WebSocket, on %s', (kind) => {
  let deps: TestDeps;
  let server: TestServer;
  let pub: TournamentFixture;
  let members: TournamentFixture;
  let draft: TournamentFixture;
  /** The resume tests' own tournament: the others rely on nobody watching theirs. */
  let resume: TournamentFixture;
  let memberCookie: string;
  let strangerCookie: string;
  const sockets: ReturnType<typeof connect>[] = [];

  beforeAll(async () => {
    deps = await createTestDeps({ db: kind });
    server = await startTestServer(deps);
    pub = await createTournamentFixture(deps.db, { name: 'Direktecup', players: 8, format: 'stroke_gross' });
    members = await createTournamentFixture(deps.db, { name: 'Lukketcup', players: 4, visibility: 'members' });
    draft = await createTournamentFixture(deps.db, { name: 'Utkastcup', players: 1, status: 'draft' });
    resume = await createTournamentFixture(deps.db, { name: 'Gjenopptakscup', players: 8, format: 'stroke_gross' });
    memberCookie = `service_session=${await sessionTokenFor(deps, members.players[0]!.user)}`;
    strangerCookie = `service_session=${await sessionTokenFor(deps, await createUser(deps.db))}`;
  });
  afterAll(async () => {
    for (const s of sockets) s.wsClient.close();
    await server.close();
  });
  const open = (cookie: string | null, retryDelayMs?: number) => {
    const s = connect(server, cookie, retryDelayMs);
    sockets.push(s);
    return s;
  };

  /** Until `count` subscriptions of this process follow the tournament (a joined one runs its catch-up next). */
  async function followedBy(f: TournamentFixture, count: number) {
    const key = tournamentChannel(f.tournamentId);
    const following = () => new Map(audiencesOf(deps).subscriberCounts()).get(key) ?? 0;
    const deadline = Date.now() + 10_000;
    while (following() < count && Date.now() < deadline) await new Promise((r) => setTimeout(r, 5));
    expect(following()).toBe(count);
  }

  /** The leaderboard as the public page shows it now, in the same shape as `held`. */
  async function served(f: TournamentFixture) {
    const answer = await trpcClient(deps).call('public.leaderboard', { slug: f.slug });
    return Object.fromEntries(
      answer.body.divisions.map((d: any) => [d.id, Object.fromEntries(d.rows.map((r: any) => [r.entryId, r]))]),
    );
  }

  it('an anonymous spectator gets the leaderboard, then each score as the rows it changed', async () => {
    const live = follow(open(null).client, { slug: pub.slug });
    await live.next(1);
    expect(live.events[0]!.data.kind).toBe('snapshot');
    expect(held(live.events)[pub.divisionId]![pub.players[3]!.entryId]!.name).toBe('Spiller 04');

    await recordScore(deps, pub, { entryId: pub.players[3]!.entryId, round: 1, hole: 1, strokes: 3 });
    await live.next(2);
    const update = live.events[1]!;
    expect(update.data.kind).toBe('rows');
    if (update.data.kind !== 'rows') return;
    const mine = update.data.rows.find((r) => r.entryId === pub.players[3]!.entryId)!;
    expect(mine).toMatchObject({ divisionId: pub.divisionId, position: '1', thru: 1, strokes: 3, toPar: -1 });
    // The others share second place now: changed rows, not the whole board each time.
    expect(update.data.rows.length).toBeLessThanOrEqual(pub.players.length);
    expect(Number(update.id)).toBeGreaterThan(Number(live.events[0]!.id));

    await recordScore(deps, pub, { entryId: pub.players[3]!.entryId, round: 1, hole: 2, strokes: 4 });
    await live.next(3);
    const second = live.events[2]!.data;
    expect(second.kind === 'rows' && second.rows.map((r) => r.entryId)).toEqual([pub.players[3]!.entryId]);
    expect(held(live.events)).toEqual(await served(pub));
    expect(live.errors).toEqual([]);
    live.subscription.unsubscribe();
  });

  it('a members-only tournament: 404 for an anonymous spectator and a signed-in stranger, the leaderboard for a member; a draft and an unknown slug 404', async () => {
    const anonymous = follow(open(null).client, { slug: members.slug });
    const stranger = follow(open(strangerCookie).client, { slug: members.slug });
    const unknown = follow(open(null).client, { slug: 'finnes-ikke' });
    const draftToItsMember = follow(
      open(`service_session=${await sessionTokenFor(deps, draft.players[0]!.user)}`).client,
      { slug: draft.slug },
    );
    const refusals = [anonymous, stranger, unknown, draftToItsMember];
    await Promise.all(refusals.map((r) => r.failed()));
    for (const refused of refusals) {
      expect(refused.errors[0]!.data?.appCode).toBe('NOT_FOUND');
      expect(refused.events).toEqual([]);
    }
    const member = follow(open(memberCookie).client, { slug: members.slug });
    await member.next(1);
    expect(member.events[0]!.data.kind).toBe('snapshot');
    member.subscription.unsubscribe();
  });

  it('resumes after a dropped connection without losing or repeating a change', async () => {
    // Someone else keeps watching, so the process still has the leaderboard the dropped client last had.
    const other = follow(open(null).client, { slug: pub.slug });
    await other.next(1);
    const connection = open(null, 1500);
    const live = follow(connection.client, { slug: pub.slug });
    await live.next(1);

    connection.wsClient.connection!.ws.close();
    await recordScore(deps, pub, { entryId: pub.players[0]!.entryId, round: 1, hole: 1, strokes: 5 });
    await recordScore(deps, pub, { entryId: pub.players[1]!.entryId, round: 1, hole: 1, strokes: 4 });
    await live.next(2);
    const resumed = live.events[1]!;
    expect(resumed.data.kind).toBe('rows');
    if (resumed.data.kind !== 'rows') return;
    expect(resumed.data.rows.map((r) => r.entryId)).toEqual(
      expect.arrayContaining([pub.players[0]!.entryId, pub.players[1]!.entryId]),
    );

    await recordScore(deps, pub, { entryId: pub.players[2]!.entryId, round: 1, hole: 1, strokes: 6 });
    await live.next(3);
    // The other spectator's events may have come two scores to a read: it is complete when it holds the board.
    const board = await served(pub);
    const deadline = Date.now() + 10_000;
    while (!isDeepStrictEqual(held(other.events), board) && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 20));
    const ids = live.events.map((e) => Number(e.id));
    expect([...ids].sort((a, b) => a - b)).toEqual(ids);
    expect(new Set(ids).size).toBe(ids.length);
    expect(held(live.events)).toEqual(await served(pub));
    expect(held(other.events)).toEqual(board);
    live.subscription.unsubscribe();
    other.subscription.unsubscribe();
  });

  it('resuming with the id of the board the process holds sends nothing again: the next event is the next score', async () => {
    // Someone else keeps watching, so the process holds the board at the id the client had.
    const other = follow(open(null).client, { slug: resume.slug });
    await other.next(1);
    const mark = other.events[0]!.id;
    const resumed = follow(open(null).client, { slug: resume.slug, lastEventId: mark });
    await followedBy(resume, 2);
    await recordScore(deps, resume, { entryId: resume.players[5]!.entryId, round: 1, hole: 1, strokes: 4 });
    await resumed.next(1);
    // Before, the catch-up sent an empty update under the client's own id: the same event a second time.
    expect(Number(resumed.events[0]!.id)).toBeGreaterThan(Number(mark));
    expect(resumed.events[0]!.data.kind).toBe('rows');
    expect(resumed.errors).toEqual([]);
    resumed.subscription.unsubscribe();
    other.subscription.unsubscribe();
  });

  it('resuming from an id another instance wrote and this one has not heard of yet never goes back to an older board', async () => {
    const other = follow(open(null).client, { slug: resume.slug });
    await other.next(1);
    const before = Number(other.events[0]!.id);
    // Written by another instance: this process's audience gets no nudge for it (a bus of its own).
    const elsewhere = await recordScore({ db: deps.db, bus: createEventBus() }, resume, {
      entryId: resume.players[6]!.entryId,
      round: 1,
      hole: 1,
      strokes: 5,
    });
    expect(elsewhere).toBeGreaterThan(before);
    // The client had that score's update from the other instance, and resumes here.
    const resumed = follow(open(null).client, { slug: resume.slug, lastEventId: String(elsewhere) });
    await followedBy(resume, 2);
    await recordScore(deps, resume, { entryId: resume.players[7]!.entryId, round: 1, hole: 1, strokes: 3 });
    await resumed.next(1);
    // Before, the catch-up was a snapshot of this process's older board, under an id below the client's.
    const ids = resumed.events.map((e) => Number(e.id));
    expect(ids.every((id) => id > elsewhere)).toBe(true);
    expect(resumed.events[0]!.data.kind).toBe('rows');
    resumed.subscription.unsubscribe();
    other.subscription.unsubscribe();
  });

  it('resuming from an id the process no longer remembers gives a snapshot of the board as it stands', async () => {
    const { client } = open(null);
    const probe = follow(client, { slug: pub.slug });
    await probe.next(1);
    const mark = probe.events[0]!.id;
    probe.subscription.unsubscribe();
    // Nobody watches now: the process lets the tournament's state go.
    await new Promise((resolve) => setTimeout(resolve, 50));
    await recordScore(deps, pub, { entryId: pub.players[4]!.entryId, round: 1, hole: 1, strokes: 2 });
    const resumed = follow(client, { slug: pub.slug, lastEventId: mark });
    await resumed.next(1);
    expect(resumed.events[0]!.data.kind).toBe('snapshot');
    expect(Number(resumed.events[0]!.id)).toBeGreaterThan(Number(mark));
    expect(held(resumed.events)).toEqual(await served(pub));
    resumed.subscription.unsubscribe();
  });

  it('a tournament made members-only ends the anonymous subscriptions and keeps its members’', async () => {
    const f = await createTournamentFixture(deps.db, { name: 'Snucup', players: 2 });
    const anonymous = follow(open(null).client, { slug: f.slug });
    const memberCookieHere = `service_session=${await sessionTokenFor(deps, f.players[0]!.user)}`;
    const member = follow(open(memberCookieHere).client, { slug: f.slug });
    await Promise.all([anonymous.next(1), member.next(1)]);

    await changeTournament(deps, f, { visibility: 'members' }, { type: 'details' });
    await anonymous.failed();
    expect(anonymous.errors[0]!.data?.appCode).toBe('NOT_FOUND');

    await recordScore(deps, f, { entryId: f.players[1]!.entryId, round: 1, hole: 1, strokes: 4 });
    await member.seen(
      (data) => data.kind === 'rows' && data.rows.some((r) => r.entryId === f.players[1]!.entryId && r.thru === 1),
      'the score after the change',
    );
    expect(member.errors).toEqual([]);
    // The anonymous spectator saw nothing after the change.
    expect(anonymous.events.every((e) => e.data.kind === 'snapshot' || e.data.rows.length === 0)).toBe(true);
    member.subscription.unsubscribe();
  });
});
