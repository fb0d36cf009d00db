import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '../../../../server/trpc/router';
import type { CourseKind, TeeGender } from '../../../../shared/values';

export type Course = inferRouterOutputs<AppRouter>['courses']['get'];

/**
 * What a screen keeps of a chosen course: enough to show it again after a reload without asking the server
 * (the round wizard's draft, the tournament form).
 */
export interface CourseChoice {
  id: string;
  name: string;
  kind: CourseKind;
  clubName: string | null;
  holeCount: number;
  tees: {
    id: string;
    name: string;
    color: string | null;
    /** Absent in a draft saved before tees carried it. */
    gender?: TeeGender | null;
    par: number;
    lengthMeters: number | null;
  }[];
}

export function courseChoice(course: Course): CourseChoice {
  return {
    id: course.id,
    name: course.name,
    kind: course.kind,
    clubName: course.club?.name ?? null,
    holeCount: course.holes.length,
    tees: course.tees.map((t) => ({
      id: t.id,
      name: t.name,
      color: t.color,
      gender: t.gender,
      par: t.par,
      lengthMeters: t.lengthMeters,
    })),
  };
}
