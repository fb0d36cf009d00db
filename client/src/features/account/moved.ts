import type { TFunction } from 'i18next';

/** What a merge moved, as a phrase: "2 runder, 1 klubbmedlemskap og 1 bane" ("1 round, …" in English). */
export function movedText(moved: { rounds: number; memberships: number; courses: number }, t: TFunction): string {
  return t('accountMore.moved.list', {
    rounds: t('accountMore.moved.rounds', { count: moved.rounds }),
    memberships: t('accountMore.moved.memberships', { count: moved.memberships }),
    courses: t('accountMore.moved.courses', { count: moved.courses }),
  });
}
