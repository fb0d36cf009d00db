import { describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import type { FeedItem } from '../../shared/schemas/feed';
import { callerAs } from '../helpers/caller';
import { databaseKinds } from '../helpers/db';
import { createUser } from '../helpers/factories';
import { TRANSPORTS, useDepsAndServer } from '../helpers/transport';
import { draftTournament, holeOfPar, moveTo, playedRound, superAdmin, tournamentScore } from './support';

/**
 * Items leave the feed (docs/contract.md section 10, decision 0602): a tournament made members-only, a score
 * corrected away from its highlight, a round unshared, a super administrator's hide. Sharing's access rules.
 */
describe.each(databaseKinds())('leaving the feed on %s', (kind) => {
  const env = useDepsAndServer(undefined, { db: kind });
  const list = async () => (await (await callerAs(env.deps, null)).caller.feed.list({ limit: 100 })).items;
  const ids = (items: FeedItem[]) => items.map((i) => i.id);

  it('a tournament made members-only takes all of its items out, and they stay out when it is public again', async () => {
    const fx = await draftTournament(env.deps);
    await moveTo(env.deps, fx, 'in_progress');
    await tournamentScore(env.deps, fx, 0, holeOfPar(fx, 5), 3);
    const posted = (await list()).filter((i) => i.tournament?.slug === fx.slug);
    expect(posted.map((i) => i.kind)).toEqual(['highlight', 'tournament_started', 'tournament_opened']);

    const admin = (await callerAs(env.deps, fx.admin)).caller;
    await admin.tournaments.update({
      organizationId: fx.organizationId,
      tournamentId: fx.tournamentId,
      visibility: 'members',
    });
    expect((await list()).filter((i) => i.tournament?.slug === fx.slug)).toEqual([]);
    // Nor does a highlight of the members-only tournament reach it.
    await tournamentScore(env.deps, fx, 1, holeOfPar(fx, 3), 1);
    expect((await list()).filter((i) => i.tournament?.slug === fx.slug)).toEqual([]);

    await admin.tournaments.update({
      organizationId: fx.organizationId,
      tournamentId: fx.tournamentId,
      visibility: 'public',
    });
    expect((await list()).filter((i) => i.tournament?.slug === fx.slug)).toEqual([]);
    // What happens from then on is news again.
    await tournamentScore(env.deps, fx, 2, holeOfPar(fx, 3), 1);
    expect((await list()).filter((i) => i.tournament?.slug === fx.slug).map((i) => i.player?.name)).toEqual([
      'Spiller 03',
    ]);
  });

  it('a score corrected away from its highlight takes the item back; corrected to another, posts that one', async () => {
    const fx = await draftTournament(env.deps);
    await moveTo(env.deps, fx, 'in_progress');
    const par5 = holeOfPar(fx, 5);
    const mine = async () => (await list()).filter((i) => i.tournament?.slug === fx.slug && i.kind === 'highlight');
    await tournamentScore(env.deps, fx, 0, par5, 2);
    const [albatross] = await mine();
    expect(albatross!.highlight).toEqual({ hole: par5, par: 5, strokes: 2, label: 'albatross' });
    await tournamentScore(env.deps, fx, 0, par5, 3);
    const [eagle, ...none] = await mine();
    expect(none).toEqual([]);
    expect(eagle!.id).not.toBe(albatross!.id);
    expect(eagle!.highlight).toEqual({ hole: par5, par: 5, strokes: 3, label: 'eagle' });
    await tournamentScore(env.deps, fx, 0, par5, 4);
    expect(await mine()).toEqual([]);
    await tournamentScore(env.deps, fx, 0, par5, 3);
    await tournamentScore(env.deps, fx, 0, par5, null);
    expect(await mine()).toEqual([]);
    // A hole in one on a par 4 is a hole in one.
    await tournamentScore(env.deps, fx, 0, holeOfPar(fx, 4), 1);
    expect((await mine()).map((i) => i.highlight!.label)).toEqual(['hole_in_one']);
  });

  it("a player withdrawn during play takes their highlights out with them; the others' stay", async () => {
    const fx = await draftTournament(env.deps);
    await moveTo(env.deps, fx, 'in_progress');
    await tournamentScore(env.deps, fx, 0, holeOfPar(fx, 3), 1);
    await tournamentScore(env.deps, fx, 1, holeOfPar(fx, 3, 1), 1);
    const highlights = async () =>
      (await list()).filter((i) => i.tournament?.slug === fx.slug && i.kind === 'highlight').map((i) => i.player?.name);
    expect((await highlights()).sort()).toEqual(['Spiller 01', 'Spiller 02']);
    const admin = (await callerAs(env.deps, fx.admin)).caller;
    await admin.tournaments.withdraw({
      organizationId: fx.organizationId,
      tournamentId: fx.tournamentId,
      entryId: fx.players[0]!.entryId,
    });
    expect(await highlights()).toEqual(['Spiller 02']);
  });

  it('unsharing takes the round and its highlights out; sharing again posts them anew', async () => {
    const { round, owner } = await playedRound(env.deps);
    const caller = (await callerAs(env.deps, owner)).caller;
    const first = await caller.rounds.share({ roundId: round.id });
    const before = (await list()).filter((i) => i.round?.id === round.id);
    expect(before).toHaveLength(3);
    expect(await caller.rounds.unshare({ roundId: round.id })).toEqual({ ok: true });
    expect((await list()).filter((i) => i.round?.id === round.id)).toEqual([]);
    const again = await caller.rounds.share({ roundId: round.id });
    expect(again.id).not.toBe(first.id);
    const after = (await list()).filter((i) => i.round?.id === round.id);
    expect(after).toHaveLength(3);
    expect(ids(after).filter((id) => ids(before).includes(id))).toEqual([]);
  });

  describe.each(TRANSPORTS)('admin.hideFeedItem over %s', (transport) => {
    it('only a super administrator hides an item; it leaves the feed and its source is not posted again', async () => {
      const { round, owner } = await playedRound(env.deps);
      const shared = await (await callerAs(env.deps, owner)).caller.rounds.share({ roundId: round.id });
      const refusals = [
        [await env.as(null, transport), 401, 'NOT_AUTHENTICATED'],
        [await env.as(owner, transport), 403, 'NOT_SUPER_ADMIN'],
      ] as const;
      for (const [client, status, code] of refusals) {
        const res = await client.call('admin.hideFeedItem', { itemId: shared.id });
        expect([res.status, res.error?.code]).toEqual([status, code]);
      }
      expect(ids(await list())).toContain(shared.id);

      const admin = await env.as(await superAdmin(env.deps), transport);
      const hidden = await admin.call('admin.hideFeedItem', { itemId: shared.id });
      expect([hidden.status, hidden.body]).toEqual([200, { ok: true }]);
      expect(ids(await list())).not.toContain(shared.id);
      // Again: the same answer, nothing more.
      expect((await admin.call('admin.hideFeedItem', { itemId: shared.id })).body).toEqual({ ok: true });
      expect((await admin.call('admin.hideFeedItem', { itemId: randomUUID() })).status).toBe(404);
      expect((await admin.call('admin.hideFeedItem', { itemId: 'ikke-en-id' })).status).toBe(400);

      // An item already out of the feed (unshared) that an operator then hides stays out when shared again.
      const other = await playedRound(env.deps);
      const otherOwner = (await callerAs(env.deps, other.owner)).caller;
      const item = await otherOwner.rounds.share({ roundId: other.round.id });
      await otherOwner.rounds.unshare({ roundId: other.round.id });
      expect((await admin.call('admin.hideFeedItem', { itemId: item.id })).body).toEqual({ ok: true });
      const reshareHidden = await (await env.as(other.owner, transport)).call('rounds.share', {
        roundId: other.round.id,
      });
      expect([reshareHidden.status, reshareHidden.error?.code]).toEqual([409, 'CONFLICT']);

      // The owner cannot undo the moderation by sharing again.
      const reshare = await (await env.as(owner, transport)).call('rounds.share', { roundId: round.id });
      expect([reshare.status, reshare.error?.code]).toEqual([409, 'CONFLICT']);
      expect(ids(await list())).not.toContain(shared.id);
    });
  });

  describe.each(TRANSPORTS)('rounds.share and rounds.unshare over %s', (transport) => {
    it('the owner shares and unshares, idempotently; a participant 403, a stranger 404, anonymous 401', async () => {
      const { round, owner, participant } = await playedRound(env.deps);
      const stranger = await createUser(env.deps.db, { name: 'Stian Fremmed' });
      for (const action of ['rounds.share', 'rounds.unshare'] as const) {
        const outcomes = [];
        for (const user of [participant, stranger, null]) {
          const res = await (await env.as(user, transport)).call(action, { roundId: round.id });
          outcomes.push([res.status, res.error?.code]);
        }
        expect(outcomes).toEqual([
          [403, 'FORBIDDEN'],
          [404, 'NOT_FOUND'],
          [401, 'NOT_AUTHENTICATED'],
        ]);
      }
      expect((await list()).filter((i) => i.round?.id === round.id)).toEqual([]);

      const client = await env.as(owner, transport);
      const first = await client.call('rounds.share', { roundId: round.id });
      const second = await client.call('rounds.share', { roundId: round.id });
      expect(first.status).toBe(200);
      expect(second.body).toEqual(first.body);
      expect((await list()).filter((i) => i.round?.id === round.id)).toHaveLength(3);
      for (let i = 0; i < 2; i++)
        expect((await client.call('rounds.unshare', { roundId: round.id })).body).toEqual({ ok: true });
      expect((await list()).filter((i) => i.round?.id === round.id)).toEqual([]);
      expect((await client.call('rounds.share', { roundId: randomUUID() })).status).toBe(404);
    });

    it('an unfinished round cannot be shared (409), but a participant is still told 403 first', async () => {
      const { round, owner, participant } = await playedRound(env.deps, { finish: false });
      for (const action of ['rounds.share', 'rounds.unshare'] as const) {
        const res = await (await env.as(owner, transport)).call(action, { roundId: round.id });
        expect([res.status, res.error?.code]).toEqual([409, 'CONFLICT']);
        expect((await (await env.as(participant, transport)).call(action, { roundId: round.id })).status).toBe(403);
      }
      expect((await list()).filter((i) => i.round?.id === round.id)).toEqual([]);
    });
  });

  it('parallel shares of one round post it once', async () => {
    const { round, owner } = await playedRound(env.deps);
    const caller = (await callerAs(env.deps, owner)).caller;
    const answers = await Promise.all(Array.from({ length: 6 }, () => caller.rounds.share({ roundId: round.id })));
    expect(new Set(answers.map((a) => a.id)).size).toBe(1);
    expect((await list()).filter((i) => i.round?.id === round.id)).toHaveLength(3);
  });
});
