import { readFileSync } from 'node:fs';
import { DEMO_COURSES_FILE, seedDemoCoursesIfEmpty } from '../../server/courses/seed';
import type { Course } from '../../shared/schemas/courses';
import { callerAs } from '../helpers/caller';
import type { TestDeps } from '../helpers/deps';
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
