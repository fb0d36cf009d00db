import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { organization } from '../../server/db/schema';
import { PAGE_MEMO_MS } from '../../server/tournaments/page-memo';
import { databaseKinds } from '../helpers/db';
import { TRANSPORTS, useDepsAndServer } from '../helpers/transport';
import { createTournamentFixture } from '../helpers/tournaments';
import { changeTournament, recordScore } from './live-support';

/**
 * The public page kept for a moment (page-memo.ts, decision 0413): the same page for every reader until the
 * tournament's next change, which its event's nudge announces at once; never longer than PAGE_MEMO_MS.
 */
describe.each(databaseKinds())('the public page kept between changes, on %s', (kind) => {
  const env = useDepsAndServer(undefined, { db: kind });

  describe.each(TRANSPORTS)('over %s', (transport) => {
    const page = async (slug: string) => (await env.as(null, transport)).call('public.tournament', { slug });
    const thruOf = (answer: Awaited<ReturnType<typeof page>>, entryId: string) =>
      answer.body.leaderboard.divisions[0].rows.find((r: { entryId: string }) => r.entryId === entryId).thru;

    it('shows a score written through the service at once: its event drops the kept page', async () => {
      const f = await createTournamentFixture(env.deps.db, { players: 2 });
      const player = f.players[0]!.entryId;
      expect(thruOf(await page(f.slug), player)).toBe(0);
      await recordScore(env.deps, f, { entryId: player, round: 1, hole: 1, strokes: 4 });
      expect(thruOf(await page(f.slug), player)).toBe(1);
    });

    it('keeps a page no longer than its time when a change sends the tournament no event (the club renamed)', async () => {
      const f = await createTournamentFixture(env.deps.db, { players: 2 });
      expect((await page(f.slug)).body.tournament.organization.name).toBe('Turneringsklubben GK');
      await env.deps.db.update(organization).set({ name: 'Nytt Navn GK' }).where(eq(organization.id, f.organizationId));
      expect((await page(f.slug)).body.tournament.organization.name).toBe('Turneringsklubben GK');
      env.deps.clock.advance(PAGE_MEMO_MS / 1000);
      expect((await page(f.slug)).body.tournament.organization.name).toBe('Nytt Navn GK');
    });

    it('answers 404 at once when the tournament is made members-only', async () => {
      const f = await createTournamentFixture(env.deps.db, { players: 2 });
      expect((await page(f.slug)).status).toBe(200);
      await changeTournament(env.deps, f, { visibility: 'members' }, { type: 'details' });
      const after = await page(f.slug);
      expect([after.status, after.error?.code]).toEqual([404, 'NOT_FOUND']);
    });
  });
});
