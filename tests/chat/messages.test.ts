import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { UserRow } from '../../server/auth/users';
import { appUser } from '../../server/db/schema';
import { databaseKinds } from '../helpers/db';
import type { TestDeps } from '../helpers/deps';
import { TRANSPORTS, useDepsAndServer, type Client } from '../helpers/transport';
import { chatWorld, freshMember } from './support';

/** docs/contract.md section 10, team chat: the same cases over tRPC and REST, on each database. */
describe.each(databaseKinds())('team chat messages on %s', (kind) => {
  let deps: TestDeps;
  const ctx = useDepsAndServer((started) => (deps = started.deps), { db: kind });
  let w: Awaited<ReturnType<typeof chatWorld>>;

  beforeAll(async () => {
    w = await chatWorld(deps);
  });

  describe.each(TRANSPORTS)('over %s', (transport) => {
    const as = (user: UserRow | null): Promise<Client> => ctx.as(user, transport);
    const send = async (user: UserRow, text: string, organizationId = w.club.id) =>
      (await as(user)).call('chat.send', { organizationId, text });

    it('sends a message that every member reads back newest first, and no one else', async () => {
      const author = await freshMember(deps, w.club.id, 'Sara Skriver');
      const sent = await send(author, 'Hvem blir med på 9 hull i kveld?');
      expect(sent.status).toBe(transport === 'rest' ? 201 : 200);
      expect(sent.body).toEqual({
        id: expect.any(String),
        author: { userId: author.id, name: 'Sara Skriver' },
        text: 'Hvem blir med på 9 hull i kveld?',
        createdAt: expect.any(String),
        deleted: false,
      });
      const second = await send(w.member, 'Jeg!');
      const history = await (await as(w.owner)).call('chat.history', { organizationId: w.club.id, limit: 2 });
      expect(history.body.messages.map((m: { id: string }) => m.id)).toEqual([second.body.id, sent.body.id]);

      expect((await (await as(w.outsider)).call('chat.history', { organizationId: w.club.id })).error?.code).toBe(
        'NOT_ORG_MEMBER',
      );
      expect(
        (await (await as(w.outsider)).call('chat.send', { organizationId: w.club.id, text: 'Hei' })).error?.code,
      ).toBe('NOT_ORG_MEMBER');
      expect((await (await as(null)).call('chat.history', { organizationId: w.club.id })).status).toBe(401);
      // The neighbouring club's conversation has none of it.
      const theirs = await (await as(w.outsider)).call('chat.history', { organizationId: w.neighbour.id });
      expect(theirs.raw).not.toContain('Hvem blir med');
    });

    it('pages back with nextBefore, which is absent at the start of the conversation', async () => {
      const { id: organizationId } = await (await as(w.owner))
        .call('orgs.create', { name: 'Sideklubben' })
        .then((o) => o.body);
      const owner = await as(w.owner);
      const ids: string[] = [];
      for (let i = 1; i <= 5; i++)
        ids.push((await owner.call('chat.send', { organizationId, text: `Melding ${i}` })).body.id);
      const first = await owner.call('chat.history', { organizationId, limit: 2 });
      expect(first.body.messages.map((m: { text: string }) => m.text)).toEqual(['Melding 5', 'Melding 4']);
      expect(first.body.nextBefore).toBe(ids[3]);
      const second = await owner.call('chat.history', { organizationId, limit: 2, before: first.body.nextBefore });
      expect(second.body.messages.map((m: { text: string }) => m.text)).toEqual(['Melding 3', 'Melding 2']);
      const last = await owner.call('chat.history', { organizationId, limit: 2, before: second.body.nextBefore });
      expect(last.body.messages.map((m: { text: string }) => m.text)).toEqual(['Melding 1']);
      expect(last.body).not.toHaveProperty('nextBefore');
      // Exactly a page's worth left: still no nextBefore, since nothing is older.
      const exact = await owner.call('chat.history', { organizationId, limit: 5 });
      expect(exact.body.messages).toHaveLength(5);
      expect(exact.body).not.toHaveProperty('nextBefore');
      // The default page is 50; limits outside 1..100 and unknown anchors are refused.
      expect((await owner.call('chat.history', { organizationId })).body.messages).toHaveLength(5);
      for (const limit of [0, 101, 1.5])
        expect((await owner.call('chat.history', { organizationId, limit })).error?.code).toBe('INVALID_INPUT');
      expect((await owner.call('chat.history', { organizationId, before: 'ikke-en-id' })).error?.code).toBe(
        'INVALID_INPUT',
      );
      // A message of another club is not an anchor here.
      const elsewhere = await send(w.member, 'Annen klubb');
      expect((await owner.call('chat.history', { organizationId, before: elsewhere.body.id })).error?.code).toBe(
        'NOT_FOUND',
      );
    });

    it('takes 2,000 code points (emoji included) and refuses 2,001, white space only and control characters', async () => {
      const author = await freshMember(deps, w.club.id);
      const emoji = '⛳🏌️‍♀️';
      const full = '😀'.repeat(2_000);
      expect(full.length).toBe(4_000);
      const ok = await send(author, full);
      expect(ok.status).toBeLessThan(300);
      expect(ok.body.text).toBe(full);
      expect((await send(author, '😀'.repeat(2_001))).error?.code).toBe('INVALID_INPUT');
      expect((await send(author, 'a'.repeat(2_001))).error?.code).toBe('INVALID_INPUT');
      for (const blank of ['', ' ', ' \n\t ', '\u00a0\u3000'])
        expect((await send(author, blank)).error?.code, JSON.stringify(blank)).toBe('INVALID_INPUT');
      for (const bad of ['ring\u0007', 'null\u0000byte', 'lone \ud800'])
        expect((await send(author, bad)).error?.code, JSON.stringify(bad)).toBe('INVALID_INPUT');
      // Line breaks and tabs are text; HTML is kept as the characters typed, to be shown as text.
      const html = `<script>alert(1)</script> &amp; <b>fet</b>\r\nny linje\tog tab ${emoji}`;
      const kept = await send(author, html);
      expect(kept.body.text).toBe(html);
      const history = await (await as(w.member)).call('chat.history', { organizationId: w.club.id, limit: 1 });
      expect(history.body.messages[0].text).toBe(html);
    });

    it('lets only the author edit, and not a deleted message', async () => {
      const sent = await send(w.member, 'Startid 10:00');
      const call = async (user: UserRow, text = 'Starttid 10:00') =>
        (await as(user)).call('chat.edit', { organizationId: w.club.id, messageId: sent.body.id, text });
      for (const user of [w.owner, w.admin, w.other]) expect((await call(user)).error?.code).toBe('FORBIDDEN');
      expect((await call(w.outsider)).error?.code).toBe('NOT_ORG_MEMBER');
      const edited = await call(w.member);
      expect(edited.body).toMatchObject({
        id: sent.body.id,
        text: 'Starttid 10:00',
        editedAt: expect.any(String),
        deleted: false,
      });
      expect((await call(w.member, '   ')).error?.code).toBe('INVALID_INPUT');
      await (await as(w.member)).call('chat.delete', { organizationId: w.club.id, messageId: sent.body.id });
      expect((await call(w.member, 'Angrer')).error?.code).toBe('CONFLICT');
      // Unknown or another club's message: not found.
      const theirs = await send(w.outsider, 'Vår melding', w.neighbour.id);
      expect(
        (
          await (
            await as(w.member)
          ).call('chat.edit', { organizationId: w.club.id, messageId: theirs.body.id, text: 'x' })
        ).error?.code,
      ).toBe('NOT_FOUND');
    });

    it('deletes for the author or an owner/admin as a tombstone without text, again with the same answer', async () => {
      const del = async (user: UserRow, messageId: string) =>
        (await as(user)).call('chat.delete', { organizationId: w.club.id, messageId });
      const byMember = await send(w.member, 'Hemmelig kode: 1234');
      expect((await del(w.other, byMember.body.id)).error?.code).toBe('FORBIDDEN');
      expect((await del(w.outsider, byMember.body.id)).error?.code).toBe('NOT_ORG_MEMBER');
      const own = await del(w.member, byMember.body.id);
      expect(own.status).toBe(200);
      expect(own.body).toEqual({
        id: byMember.body.id,
        author: { userId: w.member.id, name: 'Mona Medlem' },
        createdAt: byMember.body.createdAt,
        deleted: true,
      });
      // Idempotent: the tombstone again.
      expect((await del(w.member, byMember.body.id)).body).toEqual(own.body);
      for (const moderator of [w.admin, w.owner]) {
        const other = await send(w.other, 'Upassende');
        expect((await del(moderator, other.body.id)).body).toMatchObject({ deleted: true });
      }
      const history = await (await as(w.other)).call('chat.history', { organizationId: w.club.id, limit: 100 });
      expect(history.raw).not.toContain('Hemmelig kode');
      expect(history.raw).not.toContain('Upassende');
      expect(history.body.messages.find((m: { id: string }) => m.id === byMember.body.id)).toEqual(own.body);
    });
  });

  it("keeps a deleted author's messages with the name they had, without their id", async () => {
    const leaving = await freshMember(deps, w.club.id, 'Gunnar Går');
    const sent = await (await ctx.as(leaving, 'trpc')).call('chat.send', {
      organizationId: w.club.id,
      text: 'Takk for meg!',
    });
    await deps.db.update(appUser).set({ name: 'Gunnar Nytt Navn' }).where(eq(appUser.id, leaving.id));
    const renamed = await (await ctx.as(w.member, 'trpc')).call('chat.history', {
      organizationId: w.club.id,
      limit: 1,
    });
    expect(renamed.body.messages[0].author).toEqual({ userId: leaving.id, name: 'Gunnar Nytt Navn' });
    await deps.db.execute(sql`delete from app_user where id = ${leaving.id}`);
    const history = await (await ctx.as(w.member, 'rest')).call('chat.history', {
      organizationId: w.club.id,
      limit: 1,
    });
    expect(history.body.messages[0]).toMatchObject({
      id: sent.body.id,
      author: { userId: null, name: 'Gunnar Går' },
      text: 'Takk for meg!',
    });
  });
});
