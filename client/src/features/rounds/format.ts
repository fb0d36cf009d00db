import type { RoundSummary, RoundView } from '../../../../shared/schemas/rounds';

/** "Oslo Golfklubb – Bogstad", or just the name when the club and the course are called the same. */
export function courseTitle(course: RoundView['course'] | RoundSummary['course']): string {
  return course.club && course.club.name !== course.name ? `${course.club.name} – ${course.name}` : course.name;
}

/** A playing date (YYYY-MM-DD) as "17. mai 2026". */
export function formatDate(isoDate: string): string {
  const [y, m, d] = isoDate.split('-').map(Number);
  return new Date(y!, m! - 1, d!).toLocaleDateString('nb-NO', { day: 'numeric', month: 'long', year: 'numeric' });
}
