import { describe, expect, it } from 'vitest';
import { callerAs } from '../helpers/caller';
import { databaseKinds } from '../helpers/db';
import { createTestDeps } from '../helpers/deps';
import { createUser } from '../helpers/factories';

/**
 * ".5 rounded upwards" means toward the higher number: a plus 2.5 plays off +2, not +3. Through the real
 * procedures, on a course rated at par with slope 113, where the course handicap is the index itself.
 */
describe.each(databaseKinds())('plus handicaps in a round, on %s', (kind) => {
  it('a course handicap of −2.5 shows and plays as −2; a four-ball match CH of −5 at 90 % as −4', async () => {
    const deps = await createTestDeps({ db: kind });
    const { caller } = await callerAs(deps, await createUser(deps.db, { name: 'Pluss Eier' }));
    const pars = [4, 4, 3, 5, 4, 4, 3, 4, 5, 4, 3, 5, 4, 4, 4, 3, 5, 4];
    const course = await caller.personalCourses.create({
      name: 'Flat bane',
      country: 'NO',
      shared: false,
      holes: pars.map((par, i) => ({ number: i + 1, par, strokeIndex: i + 1 })),
      tees: [{ name: 'Gul', courseRating: 72, slope: 113, par: 72 }],
    });
    const roundOf = async (format: 'match' | 'stableford', indexes: number[], sides = indexes.length) => {
      const round = await caller.rounds.create({
        courseId: course.id,
        teeId: course.tees[0]!.id,
        playedOn: '2026-06-01',
        format,
        holes: '18',
      });
      const sideIds: string[] = [];
      for (let s = 0; s < sides; s++)
        sideIds.push((await caller.rounds.addSide({ roundId: round.id, name: `Side ${s}` })).id);
      for (const [i, handicapIndex] of indexes.entries()) {
        await caller.rounds.addParticipant({
          roundId: round.id,
          sideId: sideIds[i % sides]!,
          guest: { name: `Gjest ${i}`, handicapIndex },
        });
      }
      return (await caller.rounds.get({ roundId: round.id })).sides.flatMap((s) => s.participants);
    };

    const [plus, other] = await roundOf('match', [-2.5, 10]);
    expect(plus).toMatchObject({ courseHandicap: -2, playingHandicap: -2 });
    expect(other).toMatchObject({ courseHandicap: 10, playingHandicap: 10 });
    // Stableford, 95 %: −2.375 → −2.
    const [stableford] = await roundOf('stableford', [-2.5]);
    expect(stableford).toMatchObject({ courseHandicap: -2, playingHandicap: -2 });
    // Four-ball match play, 90 % of each CH: −5 × 90 % = −4.5 → −4.
    const fourBall = await roundOf('match', [-5, 3, 7, 12], 2);
    expect(fourBall.find((p) => p.handicapIndex === -5)).toMatchObject({ courseHandicap: -5, playingHandicap: -4 });
  });
});
