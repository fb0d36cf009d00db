import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ParticipantView, RoundView } from '../../shared/schemas/rounds';
import { callerAs } from '../helpers/caller';
import { databaseKinds } from '../helpers/db';
import { createTestDeps, type TestDeps } from '../helpers/deps';
import { createUser } from '../helpers/factories';
import { demoCourse } from './helpers';

type Caller = Awaited<ReturnType<typeof callerAs>>['caller'];

/** What the others see of a player's card: everything but who holds it. */
function card(p: ParticipantView) {
  const { userId: _, isGuest: __, ...rest } = p;
  return rest;
}

function participant(view: RoundView, id: string): ParticipantView {
  return view.sides.flatMap((s) => s.participants).find((p) => p.id === id)!;
}

describe.each(databaseKinds())('deleting a user who played in someone else’s round, on %s', (kind) => {
  let deps: TestDeps;
  let asOwner: Caller;
  let courseId: string;
  let teeId: string;

  beforeAll(async () => {
    deps = await createTestDeps({ db: kind });
    ({
      course: { id: courseId },
      teeId,
    } = await demoCourse(deps, 'oslo-gk', 'Bogstad'));
    asOwner = (await callerAs(deps, await createUser(deps.db, { name: 'Eva Eier', handicapIndex: 18.4 }))).caller;
  });

  async function roundWith(userId: string, options: { started: boolean }) {
    const round = await asOwner.rounds.create({
      courseId,
      teeId,
      playedOn: '2026-09-01',
      format: 'stableford',
      holes: '18',
    });
    const side = await asOwner.rounds.addSide({ roundId: round.id, name: 'Lag' });
    const p = await asOwner.rounds.addParticipant({ roundId: round.id, sideId: side.id, userId });
    await asOwner.rounds.addParticipant({
      roundId: round.id,
      sideId: side.id,
      guest: { name: 'Gjest Gro', handicapIndex: 30 },
    });
    if (options.started) {
      await asOwner.rounds.setScore({ roundId: round.id, participantId: p.id, hole: 1, strokes: 5 });
      await asOwner.rounds.setScore({ roundId: round.id, participantId: p.id, hole: 2, strokes: 3 });
    }
    return { roundId: round.id, participantId: p.id };
  }

  it('works by hand in SQL, and the card stays as a guest’s with the name, handicap and scores', async () => {
    const friend = await createUser(deps.db, { name: 'Frode Venn', handicapIndex: 9.2 });
    const started = await roundWith(friend.id, { started: true });
    const notStarted = await roundWith(friend.id, { started: false });
    const before = {
      started: participant(await asOwner.rounds.get({ roundId: started.roundId }), started.participantId),
      notStarted: participant(await asOwner.rounds.get({ roundId: notStarted.roundId }), notStarted.participantId),
    };

    await deps.db.execute(sql`delete from app_user where id = ${friend.id}`);

    for (const [which, { roundId, participantId }] of Object.entries({ started, notStarted })) {
      const after = participant(await asOwner.rounds.get({ roundId }), participantId);
      expect(after).toMatchObject({ userId: null, isGuest: true, name: 'Frode Venn', handicapIndex: 9.2 });
      expect(card(after)).toEqual(card(before[which as keyof typeof before]));
    }
    expect(before.started.totals.holesPlayed).toBe(2);
  });

  it('keeps the index a started round froze, not the one the profile had at the deletion', async () => {
    const friend = await createUser(deps.db, { name: 'Frida Flyttet', handicapIndex: 20.1 });
    const started = await roundWith(friend.id, { started: true });
    await deps.db.execute(sql`update app_user set handicap_index = 3.3 where id = ${friend.id}`);
    await deps.db.execute(sql`delete from app_user where id = ${friend.id}`);
    const after = participant(await asOwner.rounds.get({ roundId: started.roundId }), started.participantId);
    expect(after).toMatchObject({ isGuest: true, name: 'Frida Flyttet', handicapIndex: 20.1 });
  });

  it('keeps a player without a name or an index as "Uten navn" playing off 54, as the round showed them', async () => {
    const friend = await createUser(deps.db, { name: null, handicapIndex: null });
    const notStarted = await roundWith(friend.id, { started: false });
    const before = participant(await asOwner.rounds.get({ roundId: notStarted.roundId }), notStarted.participantId);
    await deps.db.execute(sql`delete from app_user where id = ${friend.id}`);
    const after = participant(await asOwner.rounds.get({ roundId: notStarted.roundId }), notStarted.participantId);
    expect(after).toMatchObject({ isGuest: true, name: 'Uten navn', handicapIndex: 54 });
    expect(card(after)).toEqual(card(before));
  });
});
