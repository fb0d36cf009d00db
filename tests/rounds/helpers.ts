import { readFileSync } from 'node:fs';
import { DEMO_COURSES_FILE, seedDemoCoursesIfEmpty } from '../../server/courses/seed';
import type { Course } from '../../shared/schemas/courses';
import { callerAs } from '../helpers/caller';
import type { TestDeps } from '../helpers/deps';
import type { inferRouterInputs, inferRouterOutputs } from '@trpc/server';
import type { AppRouter, createCaller } from '../../server/trpc/router';
import { createUser } from '../helpers/factories';

/** A tee as the demo file has it, rating and slope included: what the tests compute expectations from. */
export interface DemoTee {
  name: string;
  gender: string;
  par: number;
  courseRating: number;
  slope: number;
  front9?: { courseRating: number; slope: number };
  back9?: { courseRating: number; slope: number };
}

const demo = JSON.parse(readFileSync(DEMO_COURSES_FILE, 'utf8')) as {
  clubs: { slug: string; courses: { name: string; tees: DemoTee[] }[] }[];
};

export function demoTee(slug: string, courseName: string, teeName: string, gender: string): DemoTee {
  const c = demo.clubs.find((club) => club.slug === slug)!.courses.find((co) => co.name === courseName)!;
  return c.tees.find((t) => t.name === teeName && t.gender === gender)!;
}

/** Seeds the demo clubs; a course found through the search, one of its tees' id, and that tee's ratings. */
export async function demoCourse(deps: TestDeps, slug: string, courseName: string, teeName = 'Gul', gender = 'male') {
  await seedDemoCoursesIfEmpty(deps);
  const { caller } = await callerAs(deps, await createUser(deps.db));
  const club = (await caller.courses.searchOfficial({ limit: 50 })).clubs.find((c) => c.slug === slug)!;
  const course: Course = club.courses.find((c) => c.name === courseName)!;
  const tee = course.tees.find((t) => t.name === teeName && t.gender === gender)!;
  return { course, teeId: tee.id, ratings: demoTee(slug, courseName, teeName, gender) };
}

type RoundsCaller = Pick<ReturnType<typeof createCaller>, 'rounds'>;
type Participant = inferRouterOutputs<AppRouter>['rounds']['addParticipant'];

/**
 * A round with one side and these accounts on its cards, in the order given: where most round, live and
 * bench set-ups start. The side is called `sideName`.
 */
export async function roundWithPlayers<const Ids extends readonly string[]>(
  caller: RoundsCaller,
  round: inferRouterInputs<AppRouter>['rounds']['create'],
  userIds: Ids,
  sideName = 'Lag',
) {
  const created = await caller.rounds.create(round);
  const side = await caller.rounds.addSide({ roundId: created.id, name: sideName });
  const participants: Participant[] = [];
  for (const userId of userIds) {
    participants.push(await caller.rounds.addParticipant({ roundId: created.id, sideId: side.id, userId }));
  }
  // One card per id, in order: typed as such, so `participants: [first]` needs no check.
  return { round: created, side, participants: participants as { [K in keyof Ids]: Participant } };
}
