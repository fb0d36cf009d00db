import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../server/db/client';
import { tournament } from '../../server/db/schema';
import { requireVisibleTournament } from '../../server/tournaments/public';
import { postgresOnly } from '../helpers/db';
import { createTestDeps, type TestDeps } from '../helpers/deps';
import { addMember, createUser } from '../helpers/factories';
import { countRoundTrips, type RoundTripCounter } from '../helpers/round-trips';
import { createTournamentFixture, type TournamentFixture } from '../helpers/tournaments';

/**
 * The live leaderboard's access check when many subscribers ask at once (decision 0705): while the public read
 * waits for a connection, callers share it; whatever was committed before they asked is in their answer.
 */
describe.each(postgresOnly())('the leaderboard access check under a busy pool, %s', () => {
  let deps: TestDeps;
  let counter: RoundTripCounter;
  let counted: DatabaseHandle;
  let fixture: TournamentFixture;

  beforeAll(async () => {
    deps = await createTestDeps({ db: 'postgres' });
    counter = await countRoundTrips(deps.databaseUrl!);
    // One connection, so that the test can keep every read waiting for it.
    counted = await openDatabase({ databaseUrl: counter.url, poolConnections: 1 });
    fixture = await createTournamentFixture(deps.db, { status: 'in_progress' });
  });
  afterAll(async () => {
    await counted.close();
    await counter.close();
  });

  /** Holds the pool's one connection until the returned function is called. */
  async function holdPool(): Promise<() => Promise<void>> {
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let held!: () => void;
    const holding = new Promise<void>((resolve) => (held = resolve));
    const transaction = counted.db.transaction(async () => {
      held();
      await released;
    });
    await holding;
    return async () => {
      release();
      await transaction;
    };
  }

  const visibilityReads = () =>
    counter.flights().filter((flight) => flight.toString('latin1').includes('from "tournament" inner join')).length;
  const ask = (userId: string | null) =>
    requireVisibleTournament({ db: counted.db }, { ref: { slug: fixture.slug }, userId }).then(
      (found) => found.row.id,
      (error: { code?: string }) => error.code,
    );

  it('reads a public tournament once for every spectator who asked while the pool was busy', async () => {
    const release = await holdPool();
    counter.reset();
    const users = await Promise.all([createUser(deps.db), createUser(deps.db)]);
    const answers = [ask(null), ask(null), ask(users[0]!.id), ask(users[1]!.id), ask(null)];
    await release();
    expect(await Promise.all(answers)).toEqual(Array(5).fill(fixture.tournamentId));
    expect(visibilityReads()).toBe(1);
  });

  it('reads again for whoever asks once the shared read has been answered', async () => {
    counter.reset();
    expect(await ask(null)).toBe(fixture.tournamentId);
    expect(await ask(null)).toBe(fixture.tournamentId);
    expect(visibilityReads()).toBe(2);
  });

  it('tells every waiting spectator of a tournament made members-only before they were answered that it does not exist, and lets its member in', async () => {
    const member = await createUser(deps.db);
    await addMember(deps.db, fixture.organizationId, member.id, 'member');
    const release = await holdPool();
    const answers = [ask(null), ask(null), ask(member.id)];
    // Committed on another connection while the three wait: none of them may be answered from before it.
    await deps.db.update(tournament).set({ visibility: 'members' }).where(eq(tournament.id, fixture.tournamentId));
    await release();
    expect(await Promise.all(answers)).toEqual(['NOT_FOUND', 'NOT_FOUND', fixture.tournamentId]);
  });
});
