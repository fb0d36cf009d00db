import { beforeAll, describe, expect, it } from 'vitest';
import type { UserRow } from '../../server/auth/users';
import { databaseKinds } from '../helpers/db';
import type { TestDeps } from '../helpers/deps';
import { addMember, createOrganization } from '../helpers/factories';
import { TRANSPORTS, useDepsAndServer, type Client } from '../helpers/transport';
import { chatWorld, freshMember } from './support';

/** Decision 0601: unread counts per member, what others wrote after the member's read position. */
describe.each(databaseKinds())('chat unread counts on %s', (kind) => {
  let deps: TestDeps;
  const ctx = useDepsAndServer((started) => (deps = started.deps), { db: kind });
  let w: Awaited<ReturnType<typeof chatWorld>>;
  beforeAll(async () => {
    w = await chatWorld(deps);
  });

  describe.each(TRANSPORTS)('over %s', (transport) => {
    const as = (user: UserRow): Promise<Client> => ctx.as(user, transport);

    it("counts others' messages after the read position, not one's own nor deleted ones, and never moves back", async () => {
      const { id: organizationId } = await createOrganization(deps.db, 'Ulestklubben');
      const reader = await freshMember(deps, organizationId, 'Rita Leser');
      const writer = await freshMember(deps, organizationId, 'Willy Skriver');
      const r = await as(reader);
      const wr = await as(writer);
      expect((await r.call('chat.unread', { organizationId })).body).toEqual({ unread: 0 });

      const sent = [];
      for (const text of ['En', 'To', 'Tre']) sent.push((await wr.call('chat.send', { organizationId, text })).body);
      await r.call('chat.send', { organizationId, text: 'Mitt eget' });
      expect((await r.call('chat.unread', { organizationId })).body).toEqual({ unread: 3 });
      await wr.call('chat.delete', { organizationId, messageId: sent[2].id });
      expect((await r.call('chat.unread', { organizationId })).body).toEqual({ unread: 2 });

      const read = await r.call('chat.markRead', { organizationId, messageId: sent[0].id });
      expect(read.status).toBe(200);
      expect(read.body).toEqual({ unread: 1, lastReadMessageId: sent[0].id });
      expect((await r.call('chat.markRead', { organizationId, messageId: sent[1].id })).body).toEqual({
        unread: 0,
        lastReadMessageId: sent[1].id,
      });
      // An older message does not move the position back.
      expect((await r.call('chat.markRead', { organizationId, messageId: sent[0].id })).body).toEqual({
        unread: 0,
        lastReadMessageId: sent[1].id,
      });
      await wr.call('chat.send', { organizationId, text: 'Fire' });
      expect((await r.call('chat.unread', { organizationId })).body).toEqual({
        unread: 1,
        lastReadMessageId: sent[1].id,
      });
      // The writer has read nothing: of the five messages only the reader's one is unread to them.
      expect((await wr.call('chat.unread', { organizationId })).body).toEqual({ unread: 1 });

      // Another club's message is not a read position here; a non-member gets no count.
      const theirs = (await (await as(w.outsider)).call('chat.send', { organizationId: w.neighbour.id, text: 'Nabo' }))
        .body;
      expect((await r.call('chat.markRead', { organizationId, messageId: theirs.id })).error?.code).toBe('NOT_FOUND');
      expect((await (await as(w.outsider)).call('chat.unread', { organizationId })).error?.code).toBe('NOT_ORG_MEMBER');
    });

    it('gives the navigation badge the count of each of the user’s clubs', async () => {
      const user = await freshMember(deps, w.club.id, 'Berit Badge');
      const { id: second } = await createOrganization(deps.db, 'Andreklubben');
      await addMember(deps.db, second, user.id, 'member');
      await addMember(deps.db, second, w.other.id, 'member');
      const o = await as(w.other);
      await o.call('chat.send', { organizationId: second, text: 'Hei' });
      await o.call('chat.send', { organizationId: second, text: 'Hallo' });
      const before = (await (await as(user)).call('chat.unreadAll')).body;
      expect(before.organizations).toHaveLength(2);
      expect(before.organizations.find((x: { organizationId: string }) => x.organizationId === second)).toEqual({
        organizationId: second,
        unread: 2,
      });
      expect(
        before.organizations.find((x: { organizationId: string }) => x.organizationId === w.club.id).unread,
      ).toBeGreaterThanOrEqual(0);
      expect((await ctx.as(null, transport).then((c) => c.call('chat.unreadAll'))).status).toBe(401);
    });
  });
});
