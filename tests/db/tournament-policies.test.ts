import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows, type DatabaseHandle } from '../../server/db/client';
import { tournament, tournamentDivision, tournamentEvent, tournamentScore } from '../../server/db/schema';
import { withTenant } from '../../server/db/tenancy';
import { createTestDatabase, databaseKinds } from '../helpers/db';
import { createOrganization } from '../helpers/factories';
import { createTournamentFixture, writeScores, type TournamentFixture } from '../helpers/tournaments';

/**
 * The policies of the tournament tables, with the application bypassed: queries run straight on the role
 * and settings a request would have (docs/contract.md section 9, the one exception to tenant isolation).
 */
const PUBLIC_TABLES = [
  'tournament',
  'tournament_round',
  'tournament_division',
  'tournament_entry',
  'tournament_group',
  'tournament_group_entry',
  'tournament_score',
  'tournament_event',
] as const;
const PRIVATE_TABLES = ['tournament_entry_account', 'tournament_card'] as const;
const ALL_TABLES = [...PUBLIC_TABLES, ...PRIVATE_TABLES];

async function countAs(
  handle: DatabaseHandle,
  organizationId: string | null,
  table: string,
  tournamentId: string,
): Promise<number> {
  const column = table === 'tournament' ? 'id' : 'tournament_id';
  return withTenant(handle.db, organizationId, async (tx) => {
    const rows = await queryRows<{ n: number }>(
      tx,
      sql`select count(*)::int as n from ${sql.identifier(table)} where ${sql.identifier(column)} = ${tournamentId}`,
    );
    return rows[0]!.n;
  });
}

/** Drizzle wraps the database's error; the refusal (policy or privilege) is its cause. */
async function refusal(work: Promise<unknown>): Promise<string | null> {
  return work.then(
    () => null,
    (e: { cause?: { message?: string }; message?: string }) => e.cause?.message ?? e.message ?? 'error',
  );
}

describe.each(databaseKinds())('tournament policies on %s', (kind) => {
  let handle: DatabaseHandle;
  let open: TournamentFixture;
  let membersOnly: TournamentFixture;
  let draft: TournamentFixture;
  let otherOrg: string;

  beforeAll(async () => {
    handle = await createTestDatabase(kind);
    open = await createTournamentFixture(handle.db, { visibility: 'public', status: 'in_progress', players: 4 });
    membersOnly = await createTournamentFixture(handle.db, {
      visibility: 'members',
      status: 'in_progress',
      players: 4,
    });
    draft = await createTournamentFixture(handle.db, { visibility: 'public', status: 'draft', players: 4 });
    for (const f of [open, membersOnly, draft]) {
      await writeScores(handle.db, f, f.players[0]!.entryId, 1, [4, 5, 3]);
      await handle.db
        .insert(tournamentEvent)
        .values({ tournamentId: f.tournamentId, organizationId: f.organizationId, payload: { type: 'status' } });
      await handle.db.execute(
        sql`insert into tournament_card (entry_id, round, tournament_id, organization_id) values (${f.players[0]!.entryId}, 1, ${f.tournamentId}, ${f.organizationId})`,
      );
    }
    otherOrg = (await createOrganization(handle.db, 'Naboklubben GK')).id;
  });
  afterAll(() => handle.close());

  it('lets anyone without an organization read a public tournament that is not a draft, except who its players are and the cards', async () => {
    for (const table of PUBLIC_TABLES)
      expect(await countAs(handle, null, table, open.tournamentId), table).toBeGreaterThan(0);
    for (const table of PRIVATE_TABLES) expect(await countAs(handle, null, table, open.tournamentId), table).toBe(0);
  });

  it('hides a members-only tournament and a draft from a reader without their organization', async () => {
    for (const table of ALL_TABLES) {
      expect(await countAs(handle, null, table, membersOnly.tournamentId), table).toBe(0);
      expect(await countAs(handle, null, table, draft.tournamentId), table).toBe(0);
      // Another organization's context sees none of them either: the exception is for no context only.
      expect(await countAs(handle, otherOrg, table, membersOnly.tournamentId), table).toBe(0);
      expect(await countAs(handle, otherOrg, table, open.tournamentId), table).toBe(0);
    }
  });

  it('shows the organization everything of its own tournaments, drafts and members-only ones included', async () => {
    for (const table of ALL_TABLES) {
      expect(await countAs(handle, membersOnly.organizationId, table, membersOnly.tournamentId), table).toBeGreaterThan(
        0,
      );
      expect(await countAs(handle, draft.organizationId, table, draft.tournamentId), table).toBeGreaterThan(0);
    }
  });

  it('lets nothing be written without an organization, not even to a public tournament', async () => {
    const renamed = await withTenant(handle.db, null, (tx) =>
      tx.update(tournament).set({ name: 'Kapret' }).where(eq(tournament.id, open.tournamentId)).returning(),
    );
    expect(renamed).toEqual([]);
    const [row] = await queryRows<{ name: string }>(
      handle.db,
      sql`select name from tournament where id = ${open.tournamentId}`,
    );
    expect(row!.name).not.toBe('Kapret');
    const deleted = await withTenant(handle.db, null, (tx) =>
      tx.delete(tournamentScore).where(eq(tournamentScore.tournamentId, open.tournamentId)).returning(),
    );
    expect(deleted).toEqual([]);
    const inserted = refusal(
      withTenant(handle.db, null, (tx) =>
        tx.insert(tournamentScore).values({
          entryId: open.players[1]!.entryId,
          round: 1,
          hole: 1,
          strokes: 1,
          tournamentId: open.tournamentId,
          organizationId: open.organizationId,
        }),
      ),
    );
    expect(await inserted).toMatch(/row-level security/);
    for (const table of ALL_TABLES) {
      const column = table === 'tournament' ? 'id' : 'tournament_id';
      const removed = await withTenant(handle.db, null, (tx) =>
        queryRows(
          tx,
          sql`delete from ${sql.identifier(table)} where ${sql.identifier(column)} = ${open.tournamentId} returning 1`,
        ),
      );
      expect(removed, table).toEqual([]);
    }
    const scores = await queryRows<{ n: number }>(
      handle.db,
      sql`select count(*)::int as n from tournament_score where tournament_id = ${open.tournamentId}`,
    );
    expect(scores[0]!.n).toBe(3);
  });

  it("refuses writes into another organization's tournament, and rows that name one organization and another's tournament", async () => {
    const intoOther = await refusal(
      withTenant(handle.db, open.organizationId, (tx) =>
        tx.insert(tournamentScore).values({
          entryId: membersOnly.players[0]!.entryId,
          round: 1,
          hole: 9,
          strokes: 1,
          tournamentId: membersOnly.tournamentId,
          organizationId: membersOnly.organizationId,
        }),
      ),
    );
    expect(intoOther).toMatch(/row-level security/);
    // Own organization on the row, the other organization's tournament: the composite key refuses it.
    const mixed = await refusal(
      withTenant(handle.db, open.organizationId, (tx) =>
        tx.insert(tournamentDivision).values({
          tournamentId: membersOnly.tournamentId,
          organizationId: open.organizationId,
          name: 'Inntrenger',
          teeId: sql`(select tee_id from tournament_division limit 1)` as never,
          position: 9,
        }),
      ),
    );
    expect(mixed).toMatch(/foreign key/);
    const updated = await withTenant(handle.db, open.organizationId, (tx) =>
      tx.update(tournament).set({ name: 'Kapret' }).where(eq(tournament.id, membersOnly.tournamentId)).returning(),
    );
    expect(updated).toEqual([]);
  });

  it('shows a tournament again without an organization once it leaves draft, and hides it when made members-only', async () => {
    await handle.db.update(tournament).set({ status: 'open' }).where(eq(tournament.id, draft.tournamentId));
    expect(await countAs(handle, null, 'tournament_entry', draft.tournamentId)).toBe(4);
    await handle.db.update(tournament).set({ visibility: 'members' }).where(eq(tournament.id, draft.tournamentId));
    expect(await countAs(handle, null, 'tournament_entry', draft.tournamentId)).toBe(0);
  });
});
