import { describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { FEED_DEFAULT_LIMIT } from '../../shared/schemas/feed';
import { callerAs } from '../helpers/caller';
import { TRANSPORTS, useDepsAndServer } from '../helpers/transport';
import { draftTournament, moveTo } from './support';

/** feed.list's pages (docs/contract.md section 10, decision 0602): newest first, `before` an item id, limit 1..100, 20 unless asked. */
describe('feed.list paging', () => {
  const env = useDepsAndServer();
  const opened: string[] = [];

  it('pages back from the newest item to the first without loss or repetition, over both transports', async () => {
    for (let i = 0; i < FEED_DEFAULT_LIMIT + 3; i++) {
      const fx = await draftTournament(env.deps, { name: `Sideturnering ${i}` });
      await moveTo(env.deps, fx, 'open');
      opened.unshift(`Sideturnering ${i}`);
    }
    for (const transport of TRANSPORTS) {
      const client = await env.as(null, transport);
      const whole = await client.call('feed.list');
      expect(whole.body.items.map((i: { tournament: { name: string } }) => i.tournament.name)).toEqual(
        opened.slice(0, FEED_DEFAULT_LIMIT),
      );
      expect(whole.body.nextBefore).toBe(whole.body.items.at(-1).id);

      const seen: string[] = [];
      let before: string | undefined;
      for (;;) {
        const page = await client.call('feed.list', { limit: 7, ...(before ? { before } : {}) });
        expect(page.status).toBe(200);
        seen.push(...page.body.items.map((i: { tournament: { name: string } }) => i.tournament.name));
        if (!page.body.nextBefore) break;
        before = page.body.nextBefore;
      }
      expect(seen).toEqual(opened);
    }
  });

  it('refuses a limit outside 1..100 (400) and an unknown `before` (404)', async () => {
    for (const transport of TRANSPORTS) {
      const client = await env.as(null, transport);
      for (const limit of [0, 101, 'mange'])
        expect((await client.call('feed.list', { limit })).error?.code).toBe('INVALID_INPUT');
      expect((await client.call('feed.list', { before: 'ikke-en-id' })).error?.code).toBe('INVALID_INPUT');
      expect((await client.call('feed.list', { before: randomUUID() })).error?.code).toBe('NOT_FOUND');
      expect((await client.call('feed.list', { limit: 100 })).body.items).toHaveLength(opened.length);
    }
  });

  it('reads the same for a signed-in user as for anyone', async () => {
    const fx = await draftTournament(env.deps);
    const signedIn = await (await callerAs(env.deps, fx.admin)).caller.feed.list({ limit: 100 });
    const anonymous = await (await callerAs(env.deps, null)).caller.feed.list({ limit: 100 });
    expect(signedIn).toEqual(anonymous);
  });
});
