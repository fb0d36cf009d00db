import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../server/db/client';
import { callerAs } from '../helpers/caller';
import { postgresOnly } from '../helpers/db';
import { createTestDeps, type TestDeps } from '../helpers/deps';
import { countRoundTrips, type RoundTripCounter } from '../helpers/round-trips';
import { entrantEntry, eventsOf, playWorld, strokesOn, type PlayWorld } from './play-support';

/**
 * How long a score write holds its tournament's row lock, counted on the wire (decision 0702): every score
 * of a tournament waits for the one before it, so these flights are the tournament's ceiling on a Saturday.
 */
describe.each(postgresOnly())('a tournament score under its lock, %s', () => {
  let deps: TestDeps;
  let counter: RoundTripCounter;
  let counted: DatabaseHandle;
  let world: PlayWorld;

  beforeAll(async () => {
    deps = await createTestDeps({ db: 'postgres' });
    counter = await countRoundTrips(deps.databaseUrl!);
    counted = await openDatabase({ databaseUrl: counter.url, poolConnections: 1 });
    world = await playWorld(deps.db);
  });
  afterAll(async () => {
    await counted.close();
    await counter.close();
  });

  async function write(strokes: number, by: PlayWorld['entrant']) {
    const { caller } = await callerAs({ ...deps, db: counted.db }, by);
    counter.reset();
    await caller.tournaments.setScore({
      organizationId: world.fixture.organizationId,
      tournamentId: world.fixture.tournamentId,
      entryId: entrantEntry(world),
      round: 1,
      hole: 3,
      strokes,
    });
    const flights = counter.flights().map((flight) => flight.toString('latin1'));
    const locked = flights.findIndex((flight) => /for update/.test(flight));
    return { flights, underLock: flights.slice(locked) };
  }

  it('is held for the flight that takes it with every check, the flight of the writes, and the commit', async () => {
    const { underLock } = await write(5, world.marker);
    expect(underLock).toHaveLength(3);
    // The checks' reads go with the lock and after it (PostgreSQL runs them in the order sent): the entry,
    // the marker's group, the round, the card, the hole.
    const [, afterLock] = underLock[0]!.split(/for update/);
    for (const table of ['tournament_entry', 'tournament_group_entry', 'tournament_round', 'tournament_card'])
      expect(afterLock).toContain(`"${table}"`);
    expect(afterLock).toMatch(/select "ball", "strokes" from "tournament_score"/);
    // The score, the feed's look for a highlight to take back, and the leaderboard's event together.
    for (const statement of [/insert into "tournament_score"/, /from "feed_item"/, /insert into "tournament_event"/])
      expect(underLock[1]).toMatch(statement);
    expect(underLock[2]).toMatch(/^Q.{4}commit\0$/s);
    expect(await strokesOn(deps.db, entrantEntry(world), 1, 3)).toBe(5);
    expect((await eventsOf(deps.db, world.fixture.tournamentId)).at(-1)).toMatchObject({
      payload: { type: 'score', hole: 3, strokes: 5 },
    });
  });

  it('sends nothing after the checks for a write that leaves the hole as it is', async () => {
    const before = (await eventsOf(deps.db, world.fixture.tournamentId)).length;
    const { underLock } = await write(5, world.entrant);
    expect(underLock).toHaveLength(2);
    expect(underLock[1]).toMatch(/^Q.{4}commit\0$/s);
    expect(await eventsOf(deps.db, world.fixture.tournamentId)).toHaveLength(before);
  });
});
