import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { tee, tournamentDivision } from '../../server/db/schema';
import { createTestDeps } from '../helpers/deps';
import { writeScores } from '../helpers/tournaments';
import { clients, TRANSPORTS, type Transport } from '../helpers/transport';
import { entrantEntry, fullCard, playWorld, userOf, type PlayWorld } from '../tournaments/play-support';

/** A tournament card locked by both signatures is an attested score (decision 0419), over REST and tRPC. */

const deps = await createTestDeps();
const make = clients(deps);

const card = (w: PlayWorld, extra: Record<string, unknown> = {}) => ({
  organizationId: w.fixture.organizationId,
  tournamentId: w.fixture.tournamentId,
  entryId: entrantEntry(w),
  round: 1,
  ...extra,
});

describe.each(TRANSPORTS)('tournament cards in the handicap record, over %s', (transport: Transport) => {
  it('enters the locked card with the tee it was played from, not before; an unlock takes it out again', async () => {
    const w = await playWorld(deps.db);
    // Fours on every hole: never above net double bogey, so the adjusted gross is 72.
    await writeScores(deps.db, w.fixture, entrantEntry(w), 1, fullCard());
    const entrant = await make.as(transport, userOf(w, 'entrant')!);
    const marker = await make.as(transport, userOf(w, 'marker')!);
    const admin = await make.as(transport, userOf(w, 'admin')!);

    await entrant.call('tournaments.signCard', card(w));
    expect((await entrant.call('handicap.record')).body).toMatchObject({ scores: [] });
    expect((await marker.call('tournaments.signCard', card(w))).body).toMatchObject({ locked: true });

    const [rated] = await deps.db
      .select({ courseRating: tee.courseRating, slope: tee.slope, name: tee.name })
      .from(tournamentDivision)
      .innerJoin(tee, eq(tee.id, tournamentDivision.teeId))
      .where(eq(tournamentDivision.id, w.fixture.divisionId));
    const record = await entrant.call('handicap.record');
    expect(record.status).toBe(200);
    expect(record.body.scores).toHaveLength(1);
    const [score] = record.body.scores;
    expect(score).toMatchObject({
      holes: 18,
      playedOn: '2026-06-01',
      tee: { name: rated!.name },
      tournament: { slug: w.fixture.slug },
      adjustedGross: 72,
      courseRating: rated!.courseRating,
      slope: rated!.slope,
      pcc: 0,
      attestedBy: { name: userOf(w, 'marker')!.name },
    });
    expect(score).not.toHaveProperty('round');
    expect(score.differential).toBeCloseTo((113 / rated!.slope) * (72 - rated!.courseRating), 1);
    // The marker's record holds nothing of the entrant's.
    expect((await marker.call('handicap.record')).body.scores).toEqual([]);

    expect((await admin.call('tournaments.signCard', card(w, { unlock: true }))).body).toMatchObject({ locked: false });
    expect((await entrant.call('handicap.record')).body.scores).toEqual([]);
  });

  it('keeps nobody but the player out: the record is always the caller’s own', async () => {
    const anonymous = await make.anonymous(transport);
    const res = await anonymous.call('handicap.record');
    expect(res.status).toBe(401);
    expect(res.error?.code).toBe('NOT_AUTHENTICATED');
  });
});
