import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { feedItem, tournamentEntry, tournamentEntryAccount } from '../../server/db/schema';
import type { UserRow } from '../../server/auth/users';
import { SESSION_ENDED_CLOSE_CODE } from '../../shared/live';
import { callerAs, sessionTokenFor } from '../helpers/caller';
import { databaseKinds } from '../helpers/db';
import { openRawSocket } from '../helpers/live';
import { createTournamentFixture, writeScores } from '../helpers/tournaments';
import {
  fire,
  serverErrors,
  statuses,
  useDepsAndServer,
  type Client,
  type Outcome,
  type Procedure,
} from '../helpers/transport';
import { freshMember } from '../chat/support';
import { playedRound } from '../feed/support';
import { buildWorld, tournamentIn, type World } from '../tournaments/support';
import { cardRow, entrantEntry, eventsOf, fullCard, playWorld, strokesOn } from '../tournaments/play-support';

/**
 * A hostile client against the tournament, chat and feed areas of docs/contract.md sections 9 and 10: each request
 * fired 50 times at once through the real server, another organization's ids, a socket outliving its session.
 * Whatever happens, no 5xx, no lost write, no doubled item, no data of another organization.
 */
const TIMES = 50;
const CLOSE_BOUND_MS = 5_000;

describe.each(databaseKinds())('hostile clients of tournaments, chat and feed on %s', (kind) => {
  const s = useDepsAndServer(undefined, { db: kind });
  let w: World;

  beforeAll(async () => {
    w = await buildWorld(s.deps);
  });

  const rest = (user: Pick<UserRow, 'id' | 'sessionVersion'>): Promise<Client> => s.as(user, 'rest');

  describe('races', () => {
    it('tournaments.enter by 50 different members against entryLimit 10: exactly 10 in the field, 40 waiting in order', async () => {
      const t = await tournamentIn(w, 'open', { entryLimit: 10 });
      const members: UserRow[] = [];
      for (let i = 0; i < TIMES; i++) members.push(await freshMember(s.deps, w.orgId, `Rask Spiller ${i}`));
      const clients = await Promise.all(members.map(rest));
      const outcomes = await fire(TIMES, (i) =>
        clients[i]!.call('tournaments.enter', {
          organizationId: w.orgId,
          tournamentId: t.id,
          divisionId: t.divisions[0]!.id,
        }),
      );
      expect(serverErrors(outcomes), JSON.stringify(statuses(outcomes))).toEqual([]);
      // Past the limit an entry waits (docs/contract.md section 13): every one is 201, 40 of them on the list.
      expect(statuses(outcomes)).toEqual({ '201': 50 });
      const rows = await s.deps.db.select().from(tournamentEntry).where(eq(tournamentEntry.tournamentId, t.id));
      expect(rows.filter((r) => r.waitingNumber === null)).toHaveLength(10);
      expect(new Set(rows.filter((r) => r.waitingNumber !== null).map((r) => r.waitingNumber)).size).toBe(40);
    });

    it('tournaments.enter by the same member 50 times: exactly 1 entry', async () => {
      const t = await tournamentIn(w, 'open', { entryLimit: 10 });
      const member = await freshMember(s.deps, w.orgId, 'Ivrig Spiller');
      const client = await rest(member);
      const outcomes = await fire(TIMES, () =>
        client.call('tournaments.enter', {
          organizationId: w.orgId,
          tournamentId: t.id,
          divisionId: t.divisions[0]!.id,
        }),
      );
      expect(serverErrors(outcomes), JSON.stringify(statuses(outcomes))).toEqual([]);
      expect(statuses(outcomes)).toEqual({ '201': 1, '409 CONFLICT': 49 });
      const rows = await s.deps.db
        .select()
        .from(tournamentEntryAccount)
        .where(and(eq(tournamentEntryAccount.tournamentId, t.id), eq(tournamentEntryAccount.userId, member.id)));
      expect(rows).toHaveLength(1);
    });

    it('chat.send 50 times by one member: exactly 20 pass, the rest 429 RATE_LIMITED', async () => {
      const member = await freshMember(s.deps, w.orgId, 'Prate Mye');
      const client = await rest(member);
      const outcomes = await fire(TIMES, (i) =>
        client.call('chat.send', { organizationId: w.orgId, text: `Melding ${i}` }),
      );
      expect(serverErrors(outcomes), JSON.stringify(statuses(outcomes))).toEqual([]);
      expect(statuses(outcomes)).toEqual({ '201': 20, '429 RATE_LIMITED': 30 });
      const history = await client.call('chat.history', { organizationId: w.orgId, limit: 100 });
      expect(
        history.body.messages.filter((m: { author: { userId: string } }) => m.author.userId === member.id),
      ).toHaveLength(20);
    });

    it('rounds.share 50 times for one finished round: one feed item', async () => {
      const { round, owner } = await playedRound(s.deps);
      const client = await rest(owner);
      const outcomes = await fire(TIMES, () => client.call('rounds.share', { roundId: round.id }));
      expect(serverErrors(outcomes), JSON.stringify(statuses(outcomes))).toEqual([]);
      expect(statuses(outcomes)).toEqual({ '200': TIMES });
      const items = await s.deps.db
        .select()
        .from(feedItem)
        .where(and(eq(feedItem.roundId, round.id), eq(feedItem.kind, 'round_shared')));
      expect(items).toHaveLength(1);
      const feed = await (await s.as(null, 'rest')).call('feed.list', { limit: 50 });
      expect(
        feed.body.items.filter(
          (i: { kind: string; round?: { id: string } }) => i.kind === 'round_shared' && i.round?.id === round.id,
        ),
      ).toHaveLength(1);
    });

    it('rounds.share and rounds.unshare, 25 each at once: never 5xx, at most one visible item', async () => {
      const { round, owner } = await playedRound(s.deps);
      const client = await rest(owner);
      const outcomes = await fire(TIMES, (i) =>
        client.call(i % 2 === 0 ? 'rounds.share' : 'rounds.unshare', { roundId: round.id }),
      );
      expect(serverErrors(outcomes), JSON.stringify(statuses(outcomes))).toEqual([]);
      expect(statuses(outcomes)).toEqual({ '200': TIMES });
      const shared = await s.deps.db
        .select()
        .from(feedItem)
        .where(and(eq(feedItem.roundId, round.id), eq(feedItem.kind, 'round_shared')));
      // An unshare hides the item (kept, reason "unshared"); a share after it posts a new one: one visible at most.
      const visible = shared.filter((i) => i.hiddenAt === null).length;
      expect(shared.filter((i) => i.hiddenAt !== null).every((i) => i.hiddenReason === 'unshared')).toBe(true);
      // One more share settles it: exactly one visible item.
      expect((await client.call('rounds.share', { roundId: round.id })).status).toBe(200);
      const after = await s.deps.db
        .select()
        .from(feedItem)
        .where(and(eq(feedItem.roundId, round.id), eq(feedItem.kind, 'round_shared')));
      expect({ before: visible <= 1, after: after.filter((i) => i.hiddenAt === null).length }).toEqual({
        before: true,
        after: 1,
      });
    });

    it('tournaments.withdraw of one entry 50 times by its entrant: one succeeds, one entries event, never 5xx', async () => {
      const t = await tournamentIn(w, 'open');
      const member = await freshMember(s.deps, w.orgId, 'Angre Spiller');
      const client = await rest(member);
      const entry = await client.call('tournaments.enter', {
        organizationId: w.orgId,
        tournamentId: t.id,
        divisionId: t.divisions[0]!.id,
      });
      expect(entry.status).toBe(201);
      const before = (await eventsOf(s.deps.db, t.id)).length;
      const outcomes = await fire(TIMES, () =>
        client.call('tournaments.withdraw', { organizationId: w.orgId, tournamentId: t.id, entryId: entry.body.id }),
      );
      expect(serverErrors(outcomes), JSON.stringify(statuses(outcomes))).toEqual([]);
      expect(outcomes.filter((o) => o.status < 300)).toHaveLength(1);
      expect(Object.keys(statuses(outcomes)).every((k) => k.startsWith('2') || k === '404 NOT_FOUND')).toBe(true);
      expect((await eventsOf(s.deps.db, t.id)).length - before).toBe(1);
    });

    it('chat.edit and chat.delete of one message, 25 each at once: never 5xx, deleted at the end, its text gone', async () => {
      const member = await freshMember(s.deps, w.orgId, 'Angre Prater');
      const client = await rest(member);
      const sent = await client.call('chat.send', { organizationId: w.orgId, text: 'Skal bort' });
      const outcomes = await fire(TIMES, (i) =>
        i % 2 === 0
          ? client.call('chat.edit', { organizationId: w.orgId, messageId: sent.body.id, text: `Endret ${i}` })
          : client.call('chat.delete', { organizationId: w.orgId, messageId: sent.body.id }),
      );
      expect(serverErrors(outcomes), JSON.stringify(statuses(outcomes))).toEqual([]);
      expect(Object.keys(statuses(outcomes)).every((k) => k === '200' || k === '409 CONFLICT')).toBe(true);
      const history = await client.call('chat.history', { organizationId: w.orgId, limit: 100 });
      const message = history.body.messages.find((m: { id: string }) => m.id === sent.body.id);
      expect(message).toMatchObject({ deleted: true });
      expect(message.text).toBeUndefined();
    });

    it('tournaments.setStatus open→closed 50 times: one succeeds, the rest 409, one status event', async () => {
      const t = await tournamentIn(w, 'open');
      const before = (await eventsOf(s.deps.db, t.id)).filter(
        (e) => (e.payload as { type: string }).type === 'status',
      ).length;
      const client = await rest(w.admin);
      const outcomes = await fire(TIMES, () =>
        client.call('tournaments.setStatus', { organizationId: w.orgId, tournamentId: t.id, status: 'closed' }),
      );
      expect(serverErrors(outcomes), JSON.stringify(statuses(outcomes))).toEqual([]);
      expect(statuses(outcomes)).toEqual({ '200': 1, '409 CONFLICT': 49 });
      const after = (await eventsOf(s.deps.db, t.id)).filter(
        (e) => (e.payload as { type: string }).type === 'status',
      ).length;
      expect(after - before).toBe(1);
    });

    it('tournaments.signCard by the entrant 50 times on a complete card: one signature, the same answer, never 5xx', async () => {
      const pw = await playWorld(s.deps.db);
      const entryId = entrantEntry(pw);
      await writeScores(s.deps.db, pw.fixture, entryId, 1, fullCard(4));
      const client = await rest(pw.entrant);
      const outcomes = await fire(TIMES, () =>
        client.call('tournaments.signCard', {
          organizationId: pw.fixture.organizationId,
          tournamentId: pw.fixture.tournamentId,
          entryId,
          round: 1,
        }),
      );
      expect(serverErrors(outcomes), JSON.stringify(statuses(outcomes))).toEqual([]);
      expect(statuses(outcomes)).toEqual({ '200': TIMES });
      const answers = new Set(outcomes.map((o) => JSON.stringify(o.body)));
      expect([...answers]).toEqual([
        JSON.stringify({ entryId, round: 1, signedByPlayer: true, signedByMarker: false, locked: false }),
      ]);
      const card = await cardRow(s.deps.db, entryId);
      expect(card).toMatchObject({ entryId, round: 1, signedByMarkerAt: null, markerEntryId: null, lockedAt: null });
      expect(card!.signedByPlayerAt).toBeInstanceOf(Date);
    });

    it('tournaments.signCard by the entrant and the marker, 25 times each at once: both signatures, the card locked', async () => {
      const pw = await playWorld(s.deps.db);
      const entryId = entrantEntry(pw);
      await writeScores(s.deps.db, pw.fixture, entryId, 1, fullCard(5));
      const entrant = await rest(pw.entrant);
      const marker = await rest(pw.marker);
      const outcomes = await fire(TIMES, (i) =>
        (i % 2 === 0 ? entrant : marker).call('tournaments.signCard', {
          organizationId: pw.fixture.organizationId,
          tournamentId: pw.fixture.tournamentId,
          entryId,
          round: 1,
        }),
      );
      expect(serverErrors(outcomes), JSON.stringify(statuses(outcomes))).toEqual([]);
      // Once locked, a further signature may be refused as a locked card; nothing else.
      expect(Object.keys(statuses(outcomes)).filter((k) => k !== '200' && k !== '409 CONFLICT')).toEqual([]);
      const card = await cardRow(s.deps.db, entryId);
      expect(card!.signedByPlayerAt).toBeInstanceOf(Date);
      expect(card!.signedByMarkerAt).toBeInstanceOf(Date);
      expect(card!.markerEntryId).toBe(pw.fixture.players[1]!.entryId);
      expect(card!.lockedAt).toBeInstanceOf(Date);
    });

    it('tournaments.setScore by the entrant racing the marker signing a player-signed card: never locked over a changed score', async () => {
      const pw = await playWorld(s.deps.db);
      const entryId = entrantEntry(pw);
      await writeScores(s.deps.db, pw.fixture, entryId, 1, fullCard(4));
      const ids = {
        organizationId: pw.fixture.organizationId,
        tournamentId: pw.fixture.tournamentId,
        entryId,
        round: 1,
      };
      const entrant = await rest(pw.entrant);
      const marker = await rest(pw.marker);
      expect((await entrant.call('tournaments.signCard', ids)).status).toBe(200);
      const outcomes = await fire(TIMES, (i) =>
        i % 2 === 0
          ? entrant.call('tournaments.setScore', { ...ids, hole: 3, strokes: 5 + (i % 7) })
          : marker.call('tournaments.signCard', ids),
      );
      expect(serverErrors(outcomes), JSON.stringify(statuses(outcomes))).toEqual([]);
      const scoresWritten = outcomes.filter((o, i) => i % 2 === 0 && o.status === 200).length;
      const card = await cardRow(s.deps.db, entryId);
      // A score change voids the player's signature, and the player does not sign again: a locked card means no score changed.
      if (card?.lockedAt) expect(scoresWritten).toBe(0);
      else expect(card?.signedByPlayerAt ?? null).toBeNull();
      if (scoresWritten > 0) expect(await strokesOn(s.deps.db, entryId, 1, 3)).not.toBe(4);
    });

    it('tournaments.setScore with 50 values on one hole by entrant and marker: the stored value is the last event’s', async () => {
      const pw = await playWorld(s.deps.db);
      const entryId = entrantEntry(pw);
      const entrant = await rest(pw.entrant);
      const marker = await rest(pw.marker);
      const outcomes = await fire(TIMES, (i) =>
        (i % 2 === 0 ? entrant : marker).call('tournaments.setScore', {
          organizationId: pw.fixture.organizationId,
          tournamentId: pw.fixture.tournamentId,
          entryId,
          round: 1,
          hole: 7,
          strokes: (i % 20) + 1,
        }),
      );
      expect(serverErrors(outcomes), JSON.stringify(statuses(outcomes))).toEqual([]);
      expect(statuses(outcomes)).toEqual({ '200': TIMES });
      const scoreEvents = (await eventsOf(s.deps.db, pw.fixture.tournamentId))
        .map((e) => e.payload as { type: string; entryId?: string; hole?: number; strokes?: number | null })
        .filter((p) => p.type === 'score' && p.entryId === entryId && p.hole === 7);
      expect(scoreEvents.length).toBeGreaterThan(0);
      expect(await strokesOn(s.deps.db, entryId, 1, 7)).toBe(scoreEvents.at(-1)!.strokes);
    });
  });

  describe("another organization's ids", () => {
    /** Org A: the world's club, with a tournament in play, an entry in it and a chat message. */
    let a: {
      tournamentId: string;
      entryId: string;
      messageId: string;
      messageText: string;
      name: string;
      orgId: string;
    };
    let attacker: UserRow;

    beforeAll(async () => {
      const fixture = await createTournamentFixture(s.deps.db, {
        organizationId: w.orgId,
        status: 'in_progress',
        name: 'Hemmelig Mesterskap A',
      });
      const text = 'Hemmelig melding i klubb A';
      const message = await (await callerAs(s.deps, w.member)).caller.chat.send({ organizationId: w.orgId, text });
      a = {
        tournamentId: fixture.tournamentId,
        entryId: fixture.players[0]!.entryId,
        messageId: message.id,
        messageText: text,
        name: 'Hemmelig Mesterskap A',
        orgId: w.orgId,
      };
      // The owner of org B: every org-B procedure, admin ones included, is open to them there.
      attacker = w.outsider;
    });

    const calls = (organizationId: string): [Procedure, Record<string, unknown>][] => {
      const t = { organizationId, tournamentId: a.tournamentId };
      return [
        ['tournaments.get', t],
        ['tournaments.update', { ...t, name: 'Kapret' }],
        ['tournaments.setStatus', { ...t, status: 'finished' }],
        ['tournaments.entries', t],
        ['tournaments.enter', t],
        ['tournaments.withdraw', { ...t, entryId: a.entryId }],
        [
          'tournaments.setGroups',
          { ...t, round: 1, groups: [{ startsAt: '2026-06-01T06:00:00.000Z', tee: 1, entryIds: [a.entryId] }] },
        ],
        ['tournaments.setScore', { ...t, entryId: a.entryId, round: 1, hole: 1, strokes: 3 }],
        ['tournaments.signCard', { ...t, entryId: a.entryId, round: 1 }],
        ['tournaments.signCard', { ...t, entryId: a.entryId, round: 1, unlock: true }],
        ['tournaments.cards', { ...t, round: 1 }],
        ['tournaments.resultsCsv', t],
        ['chat.edit', { organizationId, messageId: a.messageId, text: 'Kapret' }],
        ['chat.delete', { organizationId, messageId: a.messageId }],
        ['chat.markRead', { organizationId, messageId: a.messageId }],
        ['chat.history', { organizationId, before: a.messageId }],
      ];
    };
    /** Procedures without a foreign id: with org B they answer org B's data, never A's. */
    const ownOrgCalls = (organizationId: string): [Procedure, Record<string, unknown> | undefined][] => [
      ['tournaments.list', { organizationId }],
      ['chat.history', { organizationId }],
      ['chat.unread', { organizationId }],
      ['chat.unreadAll', undefined],
    ];
    const leaksA = (o: Outcome) =>
      [a.tournamentId, a.entryId, a.messageId, a.messageText, a.name, a.orgId].filter((secret) =>
        o.raw.includes(secret),
      );

    it("with org B's organizationId: 404 for every id of A, never A's data", async () => {
      const client = await rest(attacker);
      for (const [procedure, input] of calls(w.otherOrgId)) {
        const o = await client.call(procedure, input);
        expect({ procedure, status: o.status, code: o.error?.code, leaks: leaksA(o) }).toEqual({
          procedure,
          status: 404,
          code: 'NOT_FOUND',
          leaks: [],
        });
      }
      for (const [procedure, input] of ownOrgCalls(w.otherOrgId)) {
        const o = await client.call(procedure, input);
        expect({ procedure, status: o.status, leaks: leaksA(o) }).toEqual({ procedure, status: 200, leaks: [] });
      }
      // Nothing of A moved.
      const { caller } = await callerAs(s.deps, w.admin);
      const t = await caller.tournaments.get({ organizationId: w.orgId, tournamentId: a.tournamentId });
      expect(t.name).toBe(a.name);
      expect(t.status).toBe('in_progress');
      const history = await caller.chat.history({ organizationId: w.orgId });
      expect(history.messages.find((m) => m.id === a.messageId)).toMatchObject({ text: a.messageText, deleted: false });
    });

    it("with org A's organizationId: 403 NOT_ORG_MEMBER, never A's data", async () => {
      const client = await rest(attacker);
      const all: [Procedure, Record<string, unknown> | undefined][] = [
        ...calls(w.orgId),
        ...ownOrgCalls(w.orgId).filter(([p]) => p !== 'chat.unreadAll'),
        [
          'tournaments.create',
          {
            organizationId: w.orgId,
            name: 'Inntrenger',
            visibility: 'public',
            format: 'stroke_gross',
            rounds: [],
            divisions: [],
          },
        ],
        ['chat.send', { organizationId: w.orgId, text: 'Inntrenger' }],
      ];
      for (const [procedure, input] of all) {
        const o = await client.call(procedure, input);
        expect({
          procedure,
          status: o.status,
          code: o.error?.code,
          leaks: leaksA(o).filter((x) => x !== a.orgId),
        }).toEqual({
          procedure,
          status: 403,
          code: 'NOT_ORG_MEMBER',
          leaks: [],
        });
      }
    });
  });

  describe('a live socket after its session ended', () => {
    it('closes a socket subscribed to chat, a members-only leaderboard and the feed within 5 s of logout, with 4401', async () => {
      const fixture = await createTournamentFixture(s.deps.db, {
        status: 'in_progress',
        visibility: 'members',
        name: 'Bare Medlemmer Cup',
      });
      const user = fixture.players[0]!.user;
      const token = await sessionTokenFor(s.deps, user);
      const socket = await openRawSocket(s.server, `service_session=${token}`);
      socket.subscribe(1, 'chat.onMessage', { organizationId: fixture.organizationId });
      socket.subscribe(2, 'tournaments.onLeaderboard', { slug: fixture.slug });
      socket.subscribe(3, 'feed.onItem', {});
      for (const id of [1, 2, 3]) {
        const first = await socket.waitFor(
          (m) => m.id === id && (m.result !== undefined || m.error !== undefined),
          `subscription ${id} to start`,
        );
        expect(first.error, `subscription ${id}`).toBeUndefined();
      }
      const client = await s.as(null, 'rest');
      client.token = token;
      const startedAt = Date.now();
      const out = await client.call('auth.logout');
      expect(out.status).toBeLessThan(300);
      const closed = await Promise.race([
        socket.closed,
        new Promise<null>((resolve) => setTimeout(() => resolve(null), CLOSE_BOUND_MS + 1_000)),
      ]);
      expect(closed?.code).toBe(SESSION_ENDED_CLOSE_CODE);
      expect(Date.now() - startedAt).toBeLessThan(CLOSE_BOUND_MS);
    });
  });
});
