import { describe, expect, it } from 'vitest';
import { DELETED_ACCOUNT } from '../../shared/placeholder-names';
import type { UserRow } from '../../server/auth/users';
import { callerAs } from '../helpers/caller';
import { databaseKinds } from '../helpers/db';
import { createTestDeps, type TestDeps } from '../helpers/deps';
import { createUser } from '../helpers/factories';
import { codeIn, lastMailTo } from '../helpers/mail';

/**
 * The handicap record through the real procedures: a co-player's attestation of a finished round enters
 * the player's record, once, with what the round was played on. On a flat course (rating 72 = par,
 * slope 113) the differential is simply the adjusted gross − 72.
 */
const PARS = [4, 4, 3, 5, 4, 4, 3, 4, 5, 4, 3, 5, 4, 4, 4, 3, 5, 4];

async function setting(deps: TestDeps) {
  const player = await createUser(deps.db, { name: 'Per Spiller', handicapIndex: 18 });
  const marker = await createUser(deps.db, { name: 'Mia Markør', handicapIndex: 10 });
  const outsider = await createUser(deps.db, { name: 'Ola Utenfor' });
  const asPlayer = (await callerAs(deps, player)).caller;
  const asMarker = (await callerAs(deps, marker)).caller;
  const asOutsider = (await callerAs(deps, outsider)).caller;
  const course = await asPlayer.personalCourses.create({
    name: 'Flatmark',
    country: 'NO',
    shared: false,
    holes: PARS.map((par, i) => ({ number: i + 1, par, strokeIndex: i + 1 })),
    tees: [{ name: 'Gul', courseRating: 72, slope: 113, par: 72 }],
  });

  /** A round the player owns and plays with the marker (and a guest), each hole played in `strokes(par)`. */
  async function playedRound(
    playedOn: string,
    strokes: (par: number, hole: number) => number,
    options: { finish?: boolean; skipHole?: number; holes?: '18' | 'front9' | 'back9' } = {},
  ) {
    const holes = options.holes ?? '18';
    const round = await asPlayer.rounds.create({
      courseId: course.id,
      teeId: course.tees[0]!.id,
      playedOn,
      format: 'stroke',
      holes,
    });
    const side = await asPlayer.rounds.addSide({ roundId: round.id, name: 'Ballen' });
    const mine = await asPlayer.rounds.addParticipant({ roundId: round.id, sideId: side.id, userId: player.id });
    const theirs = await asPlayer.rounds.addParticipant({ roundId: round.id, sideId: side.id, userId: marker.id });
    const guest = await asPlayer.rounds.addParticipant({
      roundId: round.id,
      sideId: side.id,
      guest: { name: 'Gjest Gunn', handicapIndex: 20 },
    });
    for (const p of [mine, theirs, guest]) {
      for (const [i, par] of PARS.entries()) {
        if (options.skipHole === i + 1) continue;
        if ((holes === 'front9' && i >= 9) || (holes === 'back9' && i < 9)) continue;
        await asPlayer.rounds.setScore({
          roundId: round.id,
          participantId: p.id,
          hole: i + 1,
          strokes: strokes(par, i + 1),
        });
      }
    }
    if (options.finish !== false) await asPlayer.rounds.finish({ roundId: round.id });
    return { roundId: round.id, mine: mine.id, theirs: theirs.id, guest: guest.id };
  }

  return { player, marker, outsider, asPlayer, asMarker, asOutsider, course, playedRound };
}

describe.each(databaseKinds())('attesting scores into the handicap record, on %s', (kind) => {
  it('enters a finished, complete card once a co-player attests it, and refuses everyone else by the contract', async () => {
    const deps = await createTestDeps({ db: kind });
    const { asPlayer, asMarker, asOutsider, playedRound, marker } = await setting(deps);

    const open = await playedRound('2026-05-01', (par) => par + 1, { finish: false });
    await expect(asMarker.rounds.attest({ roundId: open.roundId, participantId: open.mine })).rejects.toMatchObject({
      cause: { code: 'CONFLICT' },
    });
    const unfinished = await playedRound('2026-05-02', (par) => par + 1, { skipHole: 7 });
    await expect(
      asMarker.rounds.attest({ roundId: unfinished.roundId, participantId: unfinished.mine }),
    ).rejects.toMatchObject({ cause: { code: 'CONFLICT' }, message: expect.stringContaining('hull 7') });

    // Par + 1 on every hole: 90, never above net double bogey for a course handicap of 18.
    const done = await playedRound('2026-05-03', (par) => par + 1);
    const attested = await asMarker.rounds.attest({ roundId: done.roundId, participantId: done.mine });
    expect(attested).toMatchObject({ participantId: done.mine, attestedBy: { name: 'Mia Markør' } });

    // Oneself, a guest's card, an outsider (who does not learn the round exists).
    await expect(asPlayer.rounds.attest({ roundId: done.roundId, participantId: done.mine })).rejects.toMatchObject({
      cause: { code: 'FORBIDDEN' },
    });
    await expect(asPlayer.rounds.attest({ roundId: done.roundId, participantId: done.guest })).rejects.toMatchObject({
      cause: { code: 'FORBIDDEN' },
    });
    await expect(asOutsider.rounds.attest({ roundId: done.roundId, participantId: done.mine })).rejects.toMatchObject({
      cause: { code: 'NOT_FOUND' },
    });

    const record = await asPlayer.handicap.record();
    expect(record.scores).toHaveLength(1);
    expect(record.scores[0]).toMatchObject({
      playedOn: '2026-05-03',
      holes: 18,
      course: { name: 'Flatmark' },
      tee: { name: 'Gul' },
      round: { id: done.roundId },
      adjustedGross: 90,
      courseRating: 72,
      slope: 113,
      pcc: 0,
      differential: 18,
      attestedBy: { name: marker.name },
    });
    // One score is no index yet (three are the least).
    expect(record).toMatchObject({ enteredIndex: 18, calculatedIndex: null, playsWith: 'entered' });
    // The round shows who attested, and no differential: with the adjusted gross it would give away the
    // tee's rating to everyone in the round. The player reads it in their record.
    const view = await asMarker.rounds.get({ roundId: done.roundId });
    const card = view.sides.flatMap((s) => s.participants).find((p) => p.id === done.mine)!;
    expect(card.attestation).toMatchObject({ attestedBy: { name: 'Mia Markør', userId: marker.id } });
    expect(card.attestation).not.toHaveProperty('differential');
    // The marker's own record is untouched: nobody attested theirs.
    expect((await asMarker.handicap.record()).scores).toEqual([]);
  });

  it('refuses an owner who does not play the round', async () => {
    const deps = await createTestDeps({ db: kind });
    const { asPlayer, marker, course } = await setting(deps);
    const third = await createUser(deps.db, { name: 'Tor Tredje', handicapIndex: 20 });
    // The player owns a round the marker and a third account play, and plays no card of it.
    const round = await asPlayer.rounds.create({
      courseId: course.id,
      teeId: course.tees[0]!.id,
      playedOn: '2026-05-04',
      format: 'stroke',
      holes: '18',
    });
    const side = await asPlayer.rounds.addSide({ roundId: round.id, name: 'A' });
    const card = await asPlayer.rounds.addParticipant({ roundId: round.id, sideId: side.id, userId: marker.id });
    await asPlayer.rounds.addParticipant({ roundId: round.id, sideId: side.id, userId: third.id });
    for (const [i, par] of PARS.entries())
      await asPlayer.rounds.setScore({ roundId: round.id, participantId: card.id, hole: i + 1, strokes: par });
    await asPlayer.rounds.finish({ roundId: round.id });
    await expect(asPlayer.rounds.attest({ roundId: round.id, participantId: card.id })).rejects.toMatchObject({
      cause: { code: 'FORBIDDEN' },
    });
  });

  it('gives one score for 20 parallel attestations of one card', async () => {
    const deps = await createTestDeps({ db: kind });
    const { asPlayer, asMarker, playedRound } = await setting(deps);
    const done = await playedRound('2026-05-03', (par) => par + 1);
    const answers = await Promise.allSettled(
      Array.from({ length: 20 }, () => asMarker.rounds.attest({ roundId: done.roundId, participantId: done.mine })),
    );
    const fulfilled = answers.filter((a) => a.status === 'fulfilled');
    expect(fulfilled).toHaveLength(20);
    expect(new Set(fulfilled.map((a) => a.value.attestedAt)).size).toBe(1);
    expect((await asPlayer.handicap.record()).scores).toHaveLength(1);
  });

  it('computes the index from three scores, and lets the attester withdraw within 24 hours only', async () => {
    const deps = await createTestDeps({ db: kind });
    const { asPlayer, asMarker, asOutsider, playedRound } = await setting(deps);
    // Adjusted 90, 84 and 81 on a course rated 72 at slope 113: differentials 18.0, 12.0 and 9.0.
    const rounds = [];
    for (const [day, over] of [
      ['2026-05-01', (par: number) => par + 1],
      ['2026-05-08', (par: number, hole: number) => (hole <= 12 ? par + 1 : par)],
      ['2026-05-15', (par: number, hole: number) => (hole <= 9 ? par + 1 : par)],
    ] as const) {
      const r = await playedRound(day, over);
      await asMarker.rounds.attest({ roundId: r.roundId, participantId: r.mine });
      rounds.push(r);
    }
    let record = await asPlayer.handicap.record();
    expect(record.scores.map((s) => s.differential)).toEqual([9, 12, 18]);
    // Three scores: the lowest one less 2.0.
    expect(record.calculatedIndex).toBe(7);
    expect(record.scores.map((s) => s.counting)).toEqual([true, false, false]);

    // Only the attester takes it back; the player cannot, an outsider is not told the round exists.
    const last = rounds[2]!;
    await expect(
      asPlayer.rounds.withdrawAttestation({ roundId: last.roundId, participantId: last.mine }),
    ).rejects.toMatchObject({ cause: { code: 'FORBIDDEN' } });
    await expect(
      asOutsider.rounds.withdrawAttestation({ roundId: last.roundId, participantId: last.mine }),
    ).rejects.toMatchObject({ cause: { code: 'NOT_FOUND' } });
    await asMarker.rounds.withdrawAttestation({ roundId: last.roundId, participantId: last.mine });
    record = await asPlayer.handicap.record();
    expect(record.scores.map((s) => s.differential)).toEqual([12, 18]);
    expect(record.calculatedIndex).toBeNull();

    // A day later an attestation stands.
    await asMarker.rounds.attest({ roundId: last.roundId, participantId: last.mine });
    deps.clock.advance(24 * 60 * 60 + 1);
    await expect(
      asMarker.rounds.withdrawAttestation({ roundId: last.roundId, participantId: last.mine }),
    ).rejects.toMatchObject({ cause: { code: 'CONFLICT' } });
    expect((await asPlayer.handicap.record()).calculatedIndex).toBe(7);
  });

  it('keeps a score as it was played when the course is edited later, and plays off the calculated index when chosen', async () => {
    const deps = await createTestDeps({ db: kind });
    const { asPlayer, asMarker, playedRound, course } = await setting(deps);
    for (const day of ['2026-05-01', '2026-05-08', '2026-05-15']) {
      const r = await playedRound(day, (par) => par + 1);
      await asMarker.rounds.attest({ roundId: r.roundId, participantId: r.mine });
    }
    const before = await asPlayer.handicap.record();
    expect(before.calculatedIndex).toBe(16);

    await asPlayer.personalCourses.update({
      personalCourseId: course.id,
      tees: [{ id: course.tees[0]!.id, name: 'Gul', courseRating: 68, slope: 140, par: 72 }],
    });
    const after = await asPlayer.handicap.record();
    expect(after.scores.map((s) => [s.courseRating, s.slope, s.differential])).toEqual(
      before.scores.map((s) => [s.courseRating, s.slope, s.differential]),
    );
    expect(after.calculatedIndex).toBe(16);

    // With the calculated index chosen, a new round plays off 16.0 rather than the entered 18.0.
    expect((await asPlayer.handicap.setPlaysWith({ playsWith: 'calculated' })).playsWith).toBe('calculated');
    const next = await playedRound('2026-05-22', (par) => par, { finish: false });
    const view = await asPlayer.rounds.get({ roundId: next.roundId });
    expect(view.sides.flatMap((s) => s.participants).find((p) => p.id === next.mine)!.handicapIndex).toBe(16);
  });

  it('pairs two attested nine-hole rounds in the order played into one 18-hole score', async () => {
    const deps = await createTestDeps({ db: kind });
    const { asPlayer, asMarker, playedRound } = await setting(deps);
    // The front nine (par 36) in 45 and the back nine (par 36) in 45, each rated half the course: 36.0 at
    // slope 113. Alone a nine waits; together they are 90 on 72.0 at 113, a differential of 18.0.
    const front = await playedRound('2026-05-01', (par) => par + 1, { holes: 'front9' });
    await asMarker.rounds.attest({ roundId: front.roundId, participantId: front.mine });
    let record = await asPlayer.handicap.record();
    expect(record.scores).toEqual([
      expect.objectContaining({
        holes: 9,
        adjustedGross: 45,
        courseRating: 36,
        slope: 113,
        differential: null,
        counting: false,
      }),
    ]);
    expect(record.scores[0]).not.toHaveProperty('combinedWith');

    const back = await playedRound('2026-05-02', (par) => par + 1, { holes: 'back9' });
    await asMarker.rounds.attest({ roundId: back.roundId, participantId: back.mine });
    record = await asPlayer.handicap.record();
    const [second, first] = record.scores;
    expect(second).toMatchObject({ playedOn: '2026-05-02', holes: 9, differential: 18, combinedWith: first!.id });
    expect(first).toMatchObject({ playedOn: '2026-05-01', holes: 9, differential: 18, combinedWith: second!.id });
  });

  it('goes with the account: in its export, removed with its deletion, and an attester who left is no longer named', async () => {
    const deps = await createTestDeps({ db: kind });
    const { asPlayer, asMarker, playedRound, player, marker } = await setting(deps);
    const r = await playedRound('2026-05-03', (par) => par + 1);
    await asMarker.rounds.attest({ roundId: r.roundId, participantId: r.mine });
    const exported = await asPlayer.account.export();
    expect(exported.handicapRecord.scores).toHaveLength(1);
    expect(exported.handicapRecord.scores[0]).toMatchObject({ differential: 18, attestedBy: { name: 'Mia Markør' } });

    await deleteAccountOf(deps, marker);
    expect((await asPlayer.handicap.record()).scores[0]!.attestedBy.name).toBe(DELETED_ACCOUNT);

    await deleteAccountOf(deps, player);
    const { rows } = (await deps.db.execute(
      `select count(*)::int as n from handicap_score where user_id = '${player.id}'`,
    )) as unknown as { rows: { n: number }[] };
    expect(rows[0]!.n).toBe(0);
  });
});

/** The account's deletion as the account screen asks for it, with the code mailed to it. */
async function deleteAccountOf(deps: TestDeps, user: UserRow): Promise<void> {
  const { caller } = await callerAs(deps, user);
  await caller.account.requestDeletionCode();
  await caller.account.delete({ code: codeIn(lastMailTo(deps, user.email).text) });
}
