import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows, type DatabaseHandle } from '../../server/db/client';
import { chatEvent, chatMessage, chatReadState } from '../../server/db/schema';
import { withTenant } from '../../server/db/tenancy';
import { createTestDatabase, databaseKinds } from '../helpers/db';
import { addMember, createOrganization, createUser } from '../helpers/factories';

/** The chat tables' tenant policy with the application bypassed: queries run on the role and settings a request has. */
const TABLES = ['chat_message', 'chat_event', 'chat_read_state'] as const;

describe.each(databaseKinds())('chat policies on %s', (kind) => {
  let handle: DatabaseHandle;
  let club: string;
  let other: string;
  let messageId: string;

  beforeAll(async () => {
    handle = await createTestDatabase(kind);
    club = (await createOrganization(handle.db, 'Lagpratklubben GK')).id;
    other = (await createOrganization(handle.db, 'Naboklubben GK')).id;
    const user = await createUser(handle.db);
    await addMember(handle.db, club, user.id, 'member');
    const [message] = await handle.db
      .insert(chatMessage)
      .values({ organizationId: club, authorUserId: user.id, authorName: 'Kari', text: 'Bare for klubben' })
      .returning();
    messageId = message!.id;
    await handle.db.insert(chatEvent).values({ organizationId: club, messageId, kind: 'message' });
    await handle.db
      .insert(chatReadState)
      .values({ organizationId: club, userId: user.id, lastReadMessageId: messageId, lastReadSeq: message!.seq });
  });
  afterAll(() => handle.close());

  const countAs = (organizationId: string | null, table: string) =>
    withTenant(
      handle.db,
      organizationId,
      async (tx) =>
        (await queryRows<{ n: number }>(tx, sql`select count(*)::int as n from ${sql.identifier(table)}`))[0]!.n,
    );

  it("shows the club's chat only in the club's own context", async () => {
    for (const table of TABLES) {
      expect(await countAs(club, table), table).toBe(1);
      expect(await countAs(other, table), table).toBe(0);
      expect(await countAs(null, table), table).toBe(0);
    }
  });

  it("cannot change or delete another club's messages, nor write into its conversation", async () => {
    await withTenant(handle.db, other, async (tx) => {
      const updated = await queryRows(
        tx,
        sql`update chat_message set text = 'kapret' where id = ${messageId} returning id`,
      );
      expect(updated).toEqual([]);
      expect(await queryRows(tx, sql`delete from chat_event where message_id = ${messageId} returning id`)).toEqual([]);
    });
    const write = withTenant(handle.db, other, (tx) =>
      tx.insert(chatMessage).values({ organizationId: club, authorName: 'Inntrenger', text: 'Hei fra naboen' }),
    );
    await expect(write).rejects.toThrow();
    const [row] = await queryRows<{ text: string }>(
      handle.db,
      sql`select text from chat_message where id = ${messageId}`,
    );
    expect(row!.text).toBe('Bare for klubben');
  });
});
