import { tournamentEntry, tournamentEntryAccount, userSecondaryEmail } from '../../server/db/schema';
import type { UserRow } from '../../server/auth/users';
import { callerAs } from '../helpers/caller';
import type { TestDeps } from '../helpers/deps';
import { uniqueEmail } from '../helpers/factories';
import { createTournamentFixture, writeScores } from '../helpers/tournaments';
import { demoCourse, roundWithPlayers } from '../rounds/helpers';

/** Pars and stroke indexes of an 18-hole personal course (par 72). */
const PARS = [4, 4, 3, 5, 4, 4, 3, 5, 4, 4, 4, 3, 5, 4, 4, 3, 5, 4];
export const PERSONAL_HOLES = PARS.map((par, i) => ({ number: i + 1, par, strokeIndex: i + 1 }));

/**
 * A golfer with something of everything the service keeps (decision 0106): a secondary address, a
 * membership, a personal course (shared, and played on by a friend too), an own round with a friend in it,
 * shared to the feed with an eagle, a card with an eagle in the friend's shared round, an entry with scores in
 * a finished public tournament and one in an open tournament, and chat messages. The friend and the
 * organization's admin are the "others" whose data must stay as it was.
 */
export async function aGolfersLife(deps: TestDeps) {
  const finished = await createTournamentFixture(deps.db, {
    status: 'finished',
    players: 4,
    name: `Vårcup ${Date.now()}`,
  });
  const organizationId = finished.organizationId;
  const golfer: UserRow = finished.players[0]!.user;
  const friend: UserRow = finished.players[1]!.user;
  for (const [i, p] of finished.players.entries()) {
    await writeScores(
      deps.db,
      finished,
      p.entryId,
      1,
      Array.from({ length: 18 }, (_, h) => 4 + ((h + i) % 3)),
    );
  }
  const open = await createTournamentFixture(deps.db, {
    status: 'open',
    players: 1,
    organizationId,
    name: `Høstcup ${Date.now()}`,
  });
  const [openEntry] = await deps.db
    .insert(tournamentEntry)
    .values({
      tournamentId: open.tournamentId,
      organizationId,
      divisionId: open.divisionId,
      name: golfer.name!,
    })
    .returning();
  await deps.db
    .insert(tournamentEntryAccount)
    .values({ entryId: openEntry!.id, tournamentId: open.tournamentId, organizationId, userId: golfer.id });

  const secondary = uniqueEmail('ekstra');
  await deps.db.insert(userSecondaryEmail).values({ userId: golfer.id, email: secondary });

  const asGolfer = (await callerAs(deps, golfer)).caller;
  const asFriend = (await callerAs(deps, friend)).caller;

  const personal = await asGolfer.personalCourses.create({
    name: 'Hagebanen',
    country: 'NO',
    city: 'Hamar',
    shared: true,
    holes: PERSONAL_HOLES,
    tees: [{ name: 'Gul', par: 72, courseRating: 71.4, slope: 129 }],
  });

  // The golfer's own round, the friend in it, an eagle on hole 1 (par 4), finished and shared.
  const {
    round: own,
    participants: [golferInOwn, friendInOwn],
  } = await roundWithPlayers(
    asGolfer,
    { courseId: personal.id, teeId: personal.tees[0]!.id, playedOn: '2026-05-01', format: 'stroke', holes: '18' },
    [golfer.id, friend.id],
  );
  await asGolfer.rounds.setScore({ roundId: own.id, participantId: golferInOwn.id, hole: 1, strokes: 2 });
  await asGolfer.rounds.setScore({ roundId: own.id, participantId: friendInOwn.id, hole: 1, strokes: 5 });
  await asGolfer.rounds.finish({ roundId: own.id });
  await asGolfer.rounds.share({ roundId: own.id });

  // The friend's round on an official course with the golfer in it: the golfer's eagle, finished and shared.
  const bogstad = await demoCourse(deps, 'oslo-gk', 'Bogstad');
  const {
    round: friends,
    participants: [friendCard, golferCard],
  } = await roundWithPlayers(
    asFriend,
    { courseId: bogstad.course.id, teeId: bogstad.teeId, playedOn: '2026-05-08', format: 'stableford', holes: '18' },
    [friend.id, golfer.id],
  );
  const par1 = (await asFriend.rounds.get({ roundId: friends.id })).card[0]!.par;
  await asFriend.rounds.setScore({ roundId: friends.id, participantId: golferCard.id, hole: 1, strokes: par1 - 2 });
  await asFriend.rounds.setScore({ roundId: friends.id, participantId: golferCard.id, hole: 2, strokes: 6 });
  await asFriend.rounds.setScore({ roundId: friends.id, participantId: friendCard.id, hole: 1, strokes: par1 });
  await asFriend.rounds.finish({ roundId: friends.id });
  await asFriend.rounds.share({ roundId: friends.id });

  // The friend's round on the golfer's (shared) personal course: the course must outlive its owner.
  const onGolfersCourse = await asFriend.rounds.create({
    courseId: personal.id,
    teeId: personal.tees[0]!.id,
    playedOn: '2026-05-15',
    format: 'stroke',
    holes: '18',
  });

  await asGolfer.chat.send({ organizationId, text: 'Hvem blir med på Vårcupen?' });
  await asGolfer.chat.send({ organizationId, text: 'Jeg tar med kaffe.' });
  await asFriend.chat.send({ organizationId, text: 'Jeg blir med!' });

  return {
    golfer,
    friend,
    secondary,
    organizationId,
    admin: finished.admin,
    finished,
    open,
    openEntryId: openEntry!.id,
    personalCourseId: personal.id,
    ownRoundId: own.id,
    friendsRoundId: friends.id,
    golferCardId: golferCard.id,
    onGolfersCourseId: onGolfersCourse.id,
  };
}
