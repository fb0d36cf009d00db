import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withAfterCommit } from '../../server/db/after-commit';
import { appUser } from '../../server/db/schema';
import { withTenant } from '../../server/db/tenancy';
import { databaseKinds } from '../helpers/db';
import { createTestDeps, type TestDeps } from '../helpers/deps';
import { createUser } from '../helpers/factories';

/**
 * The one queue of work deferred to a commit (server/db/after-commit.ts): what a transaction defers runs
 * once, in order, after the commit, where the committed change is already readable; a transaction that
 * throws runs none of it, and its change is gone.
 */
describe.each(databaseKinds())('work deferred to a commit on %s', (kind) => {
  let deps: TestDeps;

  beforeAll(async () => {
    deps = await createTestDeps({ db: kind });
  });
  afterAll(() => deps.close());

  const nameOf = async (id: string) =>
    (await deps.db.select({ name: appUser.name }).from(appUser).where(eq(appUser.id, id)))[0]?.name;

  it('runs everything once after the commit, in order, and sees what was committed', async () => {
    const user = await createUser(deps.db, { name: 'Før' });
    const seen: string[] = [];
    const result = await withAfterCommit(deps.db, async (tx, afterCommit) => {
      await tx.update(appUser).set({ name: 'Etter' }).where(eq(appUser.id, user.id));
      afterCommit(() => seen.push('første'));
      afterCommit(() => seen.push('andre'));
      seen.push('transaksjonen er ferdig');
      return 'svar';
    });
    expect(result).toBe('svar');
    expect(seen).toEqual(['transaksjonen er ferdig', 'første', 'andre']);
    expect(await nameOf(user.id)).toBe('Etter');
  });

  it('reads the committed change from inside the deferred work', async () => {
    const user = await createUser(deps.db, { name: 'Før' });
    let readAfter: Promise<string | null | undefined> | undefined;
    await withAfterCommit(deps.db, async (tx, afterCommit) => {
      await tx.update(appUser).set({ name: 'Synlig' }).where(eq(appUser.id, user.id));
      afterCommit(() => {
        readAfter = nameOf(user.id);
      });
    });
    expect(await readAfter).toBe('Synlig');
  });

  it('runs nothing when the transaction rolls back, and the change is undone', async () => {
    const user = await createUser(deps.db, { name: 'Før' });
    const seen: string[] = [];
    await expect(
      withAfterCommit(deps.db, async (tx, afterCommit) => {
        await tx.update(appUser).set({ name: 'Angret' }).where(eq(appUser.id, user.id));
        afterCommit(() => seen.push('skulle ikke skje'));
        throw new Error('avbrutt');
      }),
    ).rejects.toThrow('avbrutt');
    expect(seen).toEqual([]);
    expect(await nameOf(user.id)).toBe('Før');
  });

  it('works the same over the tenancy transaction', async () => {
    const seen: string[] = [];
    await withAfterCommit(
      (work) => withTenant(deps.db, null, work),
      async (_tx, afterCommit) => {
        afterCommit(() => seen.push('etter'));
      },
    );
    await expect(
      withAfterCommit(
        (work) => withTenant(deps.db, null, work),
        async (_tx, afterCommit) => {
          afterCommit(() => seen.push('angret'));
          throw new Error('avbrutt');
        },
      ),
    ).rejects.toThrow('avbrutt');
    expect(seen).toEqual(['etter']);
  });
});
