import { eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { UserRow } from '../../server/auth/users';
import { course, organizationMembership, participant, round, tournament } from '../../server/db/schema';
import type { PersonalCourseCreate } from '../../shared/schemas/courses';
import { databaseKinds } from '../helpers/db';
import { createUser, uniqueEmail } from '../helpers/factories';
import { codeIn, lastMailTo } from '../helpers/mail';
import { insertInvitation } from '../organizations/support';
import { fire, serverErrors, statuses, useDepsAndServer, type Client, type Outcome } from '../helpers/transport';

/**
 * Check-then-act races that are left once the limits hold (tests/security/mail-limit-races.test.ts): a
 * request that reads something (a course, a membership) and then writes what depends on it, fired at once
 * with the request that changes what was read. Whatever the order, no 5xx and nothing left half done.
 */
const TIMES = 30;
const PARS_18 = [4, 4, 3, 5, 4, 4, 3, 4, 5, 4, 3, 5, 4, 4, 4, 3, 5, 4];
const SI_18 = [7, 11, 15, 1, 5, 13, 17, 3, 9, 8, 16, 4, 2, 12, 10, 18, 6, 14];

/**
 * `TIMES` calls of `many` with one call of `single` in their middle, all at once: none is a 5xx, and each of
 * the many is created (201) or refused with `refusal`. The single call's outcome, and how many were created.
 */
async function manyAgainstOne(
  many: () => Promise<Outcome>,
  single: () => Promise<Outcome>,
  refusal: string,
): Promise<{ single: Outcome; created: number }> {
  const outcomes = await fire(TIMES + 1, (i) => (i === TIMES / 2 ? single() : many()));
  expect(serverErrors(outcomes), JSON.stringify(statuses(outcomes))).toEqual([]);
  const others = outcomes.filter((_, i) => i !== TIMES / 2);
  expect(
    others.filter((o) => o.status !== 201 && o.error?.code !== refusal),
    JSON.stringify(statuses(others)),
  ).toEqual([]);
  return { single: outcomes[TIMES / 2]!, created: others.filter((o) => o.status === 201).length };
}

const sharedCourse = (name: string): PersonalCourseCreate => ({
  name,
  country: 'ES',
  shared: true,
  holes: PARS_18.map((par, i) => ({ number: i + 1, par, strokeIndex: SI_18[i]! })),
  tees: [
    { name: 'Amarillo', courseRating: 71.3, slope: 128, par: 72 },
    { name: 'Rojo', courseRating: 72.9, slope: 131, par: 72 },
  ],
});

describe.each(databaseKinds())('check-then-act races on %s', (kind) => {
  const s = useDepsAndServer(undefined, { db: kind });
  let owner: UserRow;
  let friend: UserRow;
  let asOwner: Client;
  let asFriend: Client;

  beforeAll(async () => {
    owner = await createUser(s.deps.db, { name: 'Eier Bane' });
    friend = await createUser(s.deps.db, { name: 'Venn Spiller' });
    asOwner = await s.as(owner, 'rest');
    asFriend = await s.as(friend, 'rest');
  });

  const roundsOn = async (courseId: string) =>
    (await s.deps.db.select({ id: round.id }).from(round).where(eq(round.courseId, courseId))).length;

  describe('a shared personal course deleted by its owner while a friend starts rounds on it', () => {
    it(`${TIMES} rounds.create and one personalCourses.delete at once: each round 201 or 404, the delete 200 only with no round left`, async () => {
      const created = await asOwner.call('personalCourses.create', sharedCourse('Bane Som Forsvinner'));
      expect(created.status).toBe(201);
      const { id: courseId, tees } = created.body;
      const start = { courseId, teeId: tees[0].id, playedOn: '2026-05-01', format: 'stroke', holes: '18' };

      const { single: deletion, created: started } = await manyAgainstOne(
        () => asFriend.call('rounds.create', start),
        () => asOwner.call('personalCourses.delete', { personalCourseId: courseId }),
        'NOT_FOUND',
      );
      const courseLeft = await s.deps.db.select({ id: course.id }).from(course).where(eq(course.id, courseId));
      if (deletion.status === 200) {
        expect({ courseLeft: courseLeft.length, rounds: await roundsOn(courseId) }).toEqual({
          courseLeft: 0,
          rounds: 0,
        });
      } else {
        expect(deletion.error?.code).toBe('CONFLICT');
        expect({ courseLeft: courseLeft.length, rounds: await roundsOn(courseId) }).toEqual({
          courseLeft: 1,
          rounds: started,
        });
      }
    });

    it(`${TIMES} rounds.create on a tee and one personalCourses.update removing it at once: each round 201 or 400, the tee gone only with no round on it`, async () => {
      const created = await asOwner.call('personalCourses.create', sharedCourse('Bane Med Ett Tee For Mye'));
      expect(created.status).toBe(201);
      const { id: courseId, tees } = created.body;
      const [kept, removed] = tees;
      const start = { courseId, teeId: removed.id, playedOn: '2026-05-02', format: 'stroke', holes: '18' };
      const keepOne = { personalCourseId: courseId, tees: [{ id: kept.id, name: kept.name, par: 72 }] };

      const { single: update, created: started } = await manyAgainstOne(
        () => asFriend.call('rounds.create', start),
        () => asOwner.call('personalCourses.update', keepOne),
        'INVALID_INPUT',
      );
      const onTee = (await s.deps.db.select({ id: round.id }).from(round).where(eq(round.teeId, removed.id))).length;
      if (update.status === 200) {
        expect({ started, onTee }).toEqual({ started: 0, onTee: 0 });
      } else {
        expect(update.error?.code).toBe('CONFLICT');
        expect(onTee).toBe(started);
      }
    });
  });

  describe('a shared personal course a club holds a tournament on', () => {
    const tournamentOn = (organizationId: string, courseId: string, teeId: string) => ({
      organizationId,
      name: 'Vennskapsturnering',
      visibility: 'members',
      format: 'stroke_gross',
      rounds: [{ number: 1, courseId, playedOn: '2026-06-01' }],
      divisions: [{ name: 'Åpen', teeId }],
    });
    const tournamentsOn = async (courseId: string) =>
      (await s.deps.db.select({ id: tournament.id }).from(tournament).where(eq(tournament.courseId, courseId))).length;

    it('personalCourses.delete: 409, and the course stays under the tournament', async () => {
      const { id: courseId, tees } = (await asOwner.call('personalCourses.create', sharedCourse('Klubbens Lånebane')))
        .body;
      const club = (await asFriend.call('orgs.create', { name: 'Låneklubben' })).body;
      expect((await asFriend.call('tournaments.create', tournamentOn(club.id, courseId, tees[0].id))).status).toBe(201);

      const deletion = await asOwner.call('personalCourses.delete', { personalCourseId: courseId });
      expect(statuses([deletion])).toEqual({ '409 CONFLICT': 1 });
      const removeTee = { personalCourseId: courseId, tees: [{ id: tees[1].id, name: tees[1].name, par: 72 }] };
      expect(statuses([await asOwner.call('personalCourses.update', removeTee)])).toEqual({ '409 CONFLICT': 1 });
      expect(await tournamentsOn(courseId)).toBe(1);
    });

    it(`${TIMES} tournaments.create and one personalCourses.delete at once: each 201 or 404, the delete 200 only with no tournament on it`, async () => {
      const { id: courseId, tees } = (await asOwner.call('personalCourses.create', sharedCourse('Bane Under Sletting')))
        .body;
      const club = (await asFriend.call('orgs.create', { name: 'Kappløpsklubben' })).body;
      const input = tournamentOn(club.id, courseId, tees[0].id);

      const { single: deletion, created } = await manyAgainstOne(
        () => asFriend.call('tournaments.create', input),
        () => asOwner.call('personalCourses.delete', { personalCourseId: courseId }),
        'NOT_FOUND',
      );
      if (deletion.status === 200)
        expect({ created, left: await tournamentsOn(courseId) }).toEqual({ created: 0, left: 0 });
      else
        expect({ deletion: deletion.error?.code, left: await tournamentsOn(courseId) }).toEqual({
          deletion: 'CONFLICT',
          left: created,
        });
    });
  });

  describe('a club whose only member deletes their account while invitees accept', () => {
    it(`${TIMES} orgs.acceptInvitation and one account.delete at once: the club goes with nobody in it, or stays with everyone who joined`, async () => {
      const founder = await createUser(s.deps.db, { name: 'Eneste Eier', email: uniqueEmail('eneste') });
      const asFounder = await s.as(founder, 'rest');
      const club = (await asFounder.call('orgs.create', { name: 'Enmannsklubben' })).body;
      const invitees: Client[] = [];
      const tokens: string[] = [];
      for (let i = 0; i < TIMES; i++) {
        const email = uniqueEmail(`invitert-${i}`);
        tokens.push(await insertInvitation(s.deps, { organizationId: club.id, email, role: 'member' }));
        invitees.push(await s.as(await createUser(s.deps.db, { email }), 'rest'));
      }
      expect((await asFounder.call('account.requestDeletionCode')).status).toBe(200);
      const code = codeIn(lastMailTo(s.deps, founder.email).text);

      const outcomes = await fire(TIMES + 1, (i) =>
        i === 0
          ? asFounder.call('account.delete', { code })
          : invitees[i - 1]!.call('orgs.acceptInvitation', { token: tokens[i - 1] }),
      );
      expect(serverErrors(outcomes), JSON.stringify(statuses(outcomes))).toEqual([]);
      const [deletion, ...accepts] = outcomes as [Outcome, ...Outcome[]];
      const joined = accepts.filter((o) => o.status === 200).length;
      const members = await s.deps.db
        .select({ userId: organizationMembership.userId })
        .from(organizationMembership)
        .where(eq(organizationMembership.organizationId, club.id));
      if (deletion.status === 200) {
        // The link of a club that no longer exists is as good as a used one.
        expect({ accepts: statuses(accepts), members: members.length }).toEqual({
          accepts: { '400 INVALID_LINK': TIMES },
          members: 0,
        });
      } else {
        expect(deletion.error?.code).toBe('LAST_OWNER');
        expect(members.length).toBe(joined + 1);
      }
    });
  });

  describe('an account deleted while its other devices sign out everywhere', () => {
    it(`${TIMES} auth.signOutEverywhere and one account.delete at once: each 200 or 401 (the first ends the others' sessions), never 500`, async () => {
      const user = await createUser(s.deps.db, { name: 'Går Nå', email: uniqueEmail('gaar') });
      const devices = await Promise.all(Array.from({ length: TIMES + 1 }, () => s.as(user, 'rest')));
      expect((await devices[0]!.call('account.requestDeletionCode')).status).toBe(200);
      const code = codeIn(lastMailTo(s.deps, user.email).text);
      // The deletion a moment ahead, so that it holds the account's row while the others are past their
      // session check and wait for it.
      const outcomes = await fire(TIMES + 1, async (i) => {
        if (i === 0) return devices[0]!.call('account.delete', { code });
        await new Promise((resolve) => setTimeout(resolve, 2 * i));
        return devices[i]!.call('auth.signOutEverywhere');
      });
      expect(serverErrors(outcomes), JSON.stringify(statuses(outcomes))).toEqual([]);
      // Whichever comes first ends the others' sessions: a deletion after a sign-out everywhere is 401 too.
      const seen = Object.keys(statuses(outcomes));
      expect(
        seen.filter((k) => k !== '200' && k !== '401 NOT_AUTHENTICATED'),
        JSON.stringify(seen),
      ).toEqual([]);
    });
  });

  describe('a player deleting their account while owners put them on their rounds', () => {
    it(`${TIMES} rounds.addParticipant and one account.delete at once: each added or 404, never 500; the cards stay, as a guest's`, async () => {
      const player = await createUser(s.deps.db, { name: 'Snart Borte', email: uniqueEmail('borte') });
      const asPlayer = await s.as(player, 'rest');
      const created = (await asOwner.call('personalCourses.create', sharedCourse('Bane For Kort'))).body;
      const start = {
        courseId: created.id,
        teeId: created.tees[0].id,
        playedOn: '2026-05-02',
        format: 'stroke',
        holes: '18',
      };
      const places: { roundId: string; sideId: string }[] = [];
      for (let i = 0; i < TIMES; i++) {
        const roundId = (await asOwner.call('rounds.create', start)).body.id;
        const sideId = (await asOwner.call('rounds.addSide', { roundId, name: 'Lag' })).body.id;
        places.push({ roundId, sideId });
      }
      expect((await asPlayer.call('account.requestDeletionCode')).status).toBe(200);
      const code = codeIn(lastMailTo(s.deps, player.email).text);
      // The deletion a moment ahead, so that the adds meet it half done.
      const outcomes = await fire(TIMES + 1, async (i) => {
        if (i === 0) return asPlayer.call('account.delete', { code });
        await new Promise((resolve) => setTimeout(resolve, 2 * i));
        return asOwner.call('rounds.addParticipant', { ...places[i - 1]!, userId: player.id });
      });
      expect(serverErrors(outcomes), JSON.stringify(statuses(outcomes))).toEqual([]);
      expect(outcomes[0]!.status).toBe(200);
      const adds = outcomes.slice(1);
      expect(
        adds.filter((o) => o.status !== 201 && o.error?.code !== 'NOT_FOUND'),
        JSON.stringify(statuses(adds)),
      ).toEqual([]);
      // Every add that went through left a card, kept as a guest's under the name the player had.
      const cards = await s.deps.db
        .select({ userId: participant.userId, guestName: participant.guestName })
        .from(participant)
        .where(
          inArray(
            participant.roundId,
            places.map((p) => p.roundId),
          ),
        );
      expect(cards).toEqual(
        adds.filter((o) => o.status === 201).map(() => ({ userId: null, guestName: 'Snart Borte' })),
      );
    });
  });
});
