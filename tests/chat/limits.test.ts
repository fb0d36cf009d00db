import { describe, expect, it } from 'vitest';
import { databaseKinds } from '../helpers/db';
import type { TestDeps } from '../helpers/deps';
import { useDepsAndServer } from '../helpers/transport';
import { chatWorld, freshMember } from './support';

/** docs/contract.md section 6: 20 new messages per user per organization per minute, held in the database. */
describe.each(databaseKinds())('the chat limit on %s', (kind) => {
  let deps: TestDeps;
  const ctx = useDepsAndServer((started) => (deps = started.deps), { db: kind });

  it('lets exactly 20 of 30 parallel sends through; the rest get 429 with Retry-After', async () => {
    const w = await chatWorld(deps);
    const sender = await freshMember(deps, w.club.id, 'Rask Skriver');
    const client = await ctx.as(sender, 'rest');
    const outcomes = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        client.call('chat.send', { organizationId: w.club.id, text: `Melding ${i}` }),
      ),
    );
    expect(outcomes.filter((o) => o.status === 201)).toHaveLength(20);
    const refused = outcomes.filter((o) => o.status !== 201);
    expect(refused).toHaveLength(10);
    for (const o of refused) {
      expect(o.status).toBe(429);
      expect(o.error?.code).toBe('RATE_LIMITED');
      expect(o.retryAfter).toBeGreaterThanOrEqual(1);
      expect(o.retryAfter).toBeLessThanOrEqual(60);
    }
    const history = await (await ctx.as(w.member, 'trpc')).call('chat.history', {
      organizationId: w.club.id,
      limit: 100,
    });
    expect(
      history.body.messages.filter((m: { author: { userId: string } }) => m.author.userId === sender.id),
    ).toHaveLength(20);

    // Edits and deletes do not count, and the limit is per organization: the same user elsewhere may write.
    const mine = outcomes.find((o) => o.status === 201)!.body;
    expect(
      (await client.call('chat.edit', { organizationId: w.club.id, messageId: mine.id, text: 'Endret' })).status,
    ).toBe(200);
    expect((await client.call('chat.delete', { organizationId: w.club.id, messageId: mine.id })).status).toBe(200);
    const trpc = await ctx.as(sender, 'trpc');
    expect((await trpc.call('chat.send', { organizationId: w.club.id, text: 'En til' })).error?.code).toBe(
      'RATE_LIMITED',
    );
    const { id: ownClub } = (await trpc.call('orgs.create', { name: 'Egen klubb' })).body;
    expect((await trpc.call('chat.send', { organizationId: ownClub, text: 'Hei' })).status).toBe(200);
    // Another member is not held back by this one.
    expect(
      (await (await ctx.as(w.other, 'trpc')).call('chat.send', { organizationId: w.club.id, text: 'Jeg kan' })).status,
    ).toBe(200);

    // A minute later the window has moved on.
    deps.clock.advance(61);
    try {
      expect((await trpc.call('chat.send', { organizationId: w.club.id, text: 'Et minutt senere' })).status).toBe(200);
    } finally {
      deps.clock.set(new Date());
    }
  });
});
