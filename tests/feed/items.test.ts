import { describe, expect, it } from 'vitest';
import type { FeedItem } from '../../shared/schemas/feed';
import { databaseKinds } from '../helpers/db';
import type { TestDeps } from '../helpers/deps';
import { writeScores } from '../helpers/tournaments';
import { TRANSPORTS, useDepsAndServer, type Client } from '../helpers/transport';
import { draftTournament, holeOfPar, kinds, leaked, playedRound, secretsOfTheWorld, superAdmin } from './support';

/** docs/contract.md section 10: every kind of feed item, written by the operation that causes it, over both transports. */

/** The whole feed as a client sees it, page by page, with everything it received on the wire. */
async function wholeFeed(client: Client): Promise<{ items: FeedItem[]; raw: string }> {
  const items: FeedItem[] = [];
  let raw = '';
  let before: string | undefined;
  for (;;) {
    const page = await client.call('feed.list', { limit: 100, ...(before ? { before } : {}) });
    expect(page.error).toBeNull();
    raw += page.raw;
    items.push(...page.body.items);
    if (!page.body.nextBefore) return { items, raw };
    before = page.body.nextBefore;
  }
}

const ofTournament = (items: FeedItem[], slug: string) => items.filter((i) => i.tournament?.slug === slug);
const ofRound = (items: FeedItem[], roundId: string) => items.filter((i) => i.round?.id === roundId);

describe.each(databaseKinds())('feed items on %s', (kind) => {
  const env = useDepsAndServer(undefined, { db: kind });
  let deps: TestDeps;
  /** Members-only tournament names: none may ever appear in the feed. */
  const secretNames: string[] = [];

  describe.each(TRANSPORTS)('over %s', (transport) => {
    it('a public tournament posts opened, started, a hole in one and finished with its podium; a members-only one posts nothing', async () => {
      deps = env.deps;
      const fx = await draftTournament(deps, { name: `Vårcupen ${transport} ${kind}` });
      const hidden = await draftTournament(deps, {
        visibility: 'members',
        name: `Lukket Mesterskap ${transport} ${kind}`,
      });
      secretNames.push(hidden.slug, `Lukket Mesterskap ${transport} ${kind}`);
      const admin = await env.as(fx.admin, transport);
      const hiddenAdmin = await env.as(hidden.admin, transport);
      const anonymous = await env.as(null, transport);
      const move = async (status: string) => {
        for (const [who, t] of [
          [admin, fx],
          [hiddenAdmin, hidden],
        ] as const) {
          const res = await who.call('tournaments.setStatus', {
            organizationId: t.organizationId,
            tournamentId: t.tournamentId,
            status,
          });
          expect(res.error).toBeNull();
        }
      };
      const feed = async () => (await wholeFeed(anonymous)).items;
      const base = {
        organization: { name: 'Turneringsklubben GK' },
        tournament: { slug: fx.slug, name: `Vårcupen ${transport} ${kind}` },
      };

      await move('open');
      expect(ofTournament(await feed(), fx.slug)).toEqual([
        {
          id: expect.any(String),
          kind: 'tournament_opened',
          at: expect.any(String),
          ...base,
          text: `Vårcupen ${transport} ${kind} er åpen for påmelding.`,
        },
      ]);
      await move('closed');
      await move('in_progress');
      expect(kinds(ofTournament(await feed(), fx.slug))).toEqual(['tournament_started', 'tournament_opened']);

      const ace = holeOfPar(fx, 3);
      for (const [who, t] of [
        [admin, fx],
        [hiddenAdmin, hidden],
      ] as const) {
        const res = await who.call('tournaments.setScore', {
          organizationId: t.organizationId,
          tournamentId: t.tournamentId,
          entryId: t.players[1]!.entryId,
          round: 1,
          hole: ace,
          strokes: 1,
        });
        expect(res.error).toBeNull();
      }
      const [highlight] = ofTournament(await feed(), fx.slug);
      expect(highlight).toEqual({
        id: expect.any(String),
        kind: 'highlight',
        at: expect.any(String),
        ...base,
        player: { name: 'Spiller 02' },
        highlight: { hole: ace, par: 3, strokes: 1, label: 'hole_in_one' },
        text: `Spiller 02 fikk hole in one på hull ${ace} i Vårcupen ${transport} ${kind}.`,
      });

      // Full cards: player i makes a bogey on each of holes 1..i; player 2 has the ace besides.
      const totals: number[] = [];
      for (const [i, p] of fx.players.entries()) {
        const strokes = fx.holes.map((h) => (i === 1 && h.number === ace ? null : h.par + (h.number <= i ? 1 : 0)));
        await writeScores(deps.db, fx, p.entryId, 1, strokes);
        totals.push(strokes.reduce<number>((sum, s) => sum + (s ?? 1), 0));
      }
      await move('finished');
      // 2 (ace: par − 2 + 1) beats 1 (par), then 3 (par + 2); 4 (par + 3) is off the podium.
      expect(totals[1]).toBeLessThan(totals[0]!);
      const [finished] = ofTournament(await feed(), fx.slug);
      expect(finished).toEqual({
        id: expect.any(String),
        kind: 'tournament_finished',
        at: expect.any(String),
        ...base,
        podium: [
          {
            division: 'Herrer',
            places: [
              { position: '1', name: 'Spiller 02', total: totals[1] },
              { position: '2', name: 'Spiller 01', total: totals[0] },
              { position: '3', name: 'Spiller 03', total: totals[2] },
            ],
          },
        ],
        unit: 'strokes',
        text: `Vårcupen ${transport} ${kind} er ferdigspilt. Vinner: Spiller 02 (${totals[1]} slag).`,
      });
      const everything = await wholeFeed(anonymous);
      expect(everything.items.filter((i) => i.tournament?.slug === hidden.slug)).toEqual([]);
    });

    it('sharing a finished round posts it with its players’ totals, after its eagle and hole in one', async () => {
      const { round, owner } = await playedRound(env.deps);
      const client = await env.as(owner, transport);
      const shared = await client.call('rounds.share', { roundId: round.id });
      expect(shared.status).toBe(200);
      const par = round.card.reduce((sum, h) => sum + h.par, 0);
      const where = { id: round.id, courseName: 'Bogstad', playedOn: '2026-06-01' };
      expect(shared.body).toEqual({
        id: expect.any(String),
        kind: 'round_shared',
        at: expect.any(String),
        round: where,
        // Best first; a tie by name.
        players: [
          { name: 'Gunnar Gjest', total: par - 2 },
          { name: 'Rune Rundeeier', total: par - 2 },
          { name: 'Pia Partner', total: par },
        ],
        unit: 'strokes',
        text: `Runde på Bogstad 1. juni 2026: Gunnar Gjest ${par - 2} slag, Rune Rundeeier ${par - 2} slag, Pia Partner ${par} slag.`,
      });
      const eagle = round.card.find((h) => h.par === 5)!.hole;
      const ace = round.card.find((h) => h.par === 3)!.hole;
      const items = ofRound((await wholeFeed(await env.as(null, transport))).items, round.id);
      expect(items[0]).toEqual(shared.body);
      expect(items.slice(1).map(({ id: _, at: __, ...rest }) => rest)).toEqual(
        expect.arrayContaining([
          {
            kind: 'highlight',
            round: where,
            player: { name: 'Rune Rundeeier' },
            highlight: { hole: eagle, par: 5, strokes: 3, label: 'eagle' },
            text: `Rune Rundeeier fikk eagle på hull ${eagle} på Bogstad.`,
          },
          {
            kind: 'highlight',
            round: where,
            player: { name: 'Gunnar Gjest' },
            highlight: { hole: ace, par: 3, strokes: 1, label: 'hole_in_one' },
            text: `Gunnar Gjest fikk hole in one på hull ${ace} på Bogstad.`,
          },
        ]),
      );
      expect(items).toHaveLength(3);
    });

    it('a Stableford round is shared with points', async () => {
      const { round, owner } = await playedRound(env.deps, { format: 'stableford' });
      const shared = await (await env.as(owner, transport)).call('rounds.share', { roundId: round.id });
      const points = round.sides[0]!.participants.map((p) => ({ name: p.name, total: p.totals.stablefordPoints })).sort(
        (a, b) => b.total - a.total || a.name.localeCompare(b.name, 'nb'),
      );
      expect(shared.body.players).toEqual(points);
      expect(shared.body.unit).toBe('points');
      expect(shared.body.text).toContain(`${points[0]!.total} poeng`);
    });
  });

  it('names nobody by e-mail or user id and no members-only tournament, anonymous or signed in, over both transports', async () => {
    const secrets = [...(await secretsOfTheWorld(env.deps)), ...secretNames];
    const admin = await superAdmin(env.deps);
    for (const transport of TRANSPORTS) {
      for (const client of [await env.as(null, transport), await env.as(admin, transport)]) {
        const { items, raw } = await wholeFeed(client);
        // Every kind is in the feed by now: the scan walks each of them.
        expect(new Set(kinds(items))).toEqual(
          new Set(['tournament_opened', 'tournament_started', 'tournament_finished', 'highlight', 'round_shared']),
        );
        expect(leaked(raw, secrets)).toEqual([]);
      }
    }
  });
});
