import type { RoundView } from '../../../../shared/schemas/rounds';
import { formatDays } from '../../../../shared/format/dates';
import { isOneBallFormat, type Language } from '../../../../shared/values';
import { i18n } from '../../i18n';
import { shownName } from '../../i18n/names';

/** The round with every player's name as the reader is shown it (`shownName`: "Uten navn" is "No name"). */
export function withShownNames(view: RoundView, language: Language): RoundView {
  if (language === 'nb') return view;
  const sides = view.sides.map((side) => ({
    ...side,
    participants: side.participants.map((p) => ({ ...p, name: shownName(p.name, language) })),
  }));
  return { ...view, sides };
}

/** A playing date (YYYY-MM-DD) as "17. mai 2026", in English "17 May 2026". */
export function formatDate(isoDate: string, language: Language = 'nb'): string {
  return formatDays([isoDate], language);
}

/** The handicap allowance in one plain sentence (docs/golf.md's allowances), where the percentage shows. */
export function allowanceText(percent: number, language: Language = 'nb'): string {
  const t = i18n.getFixedT(language);
  switch (percent) {
    case 85:
      return t('rounds.allowance.p85');
    case 90:
      return t('rounds.allowance.p90');
    case 95:
      return t('rounds.allowance.p95');
    case 100:
      return t('rounds.allowance.p100');
    default:
      return t('rounds.allowance.other', { percent });
  }
}

/**
 * A round's allowance: its players' percentage, or in a one-ball format (no percentage of its own: the
 * side plays off a team handicap) the rule of the team handicap.
 */
export function roundAllowanceText(
  view: Pick<RoundView, 'format' | 'allowancePercent'>,
  language: Language = 'nb',
): string {
  if (isOneBallFormat(view.format)) return i18n.getFixedT(language)(`rounds.allowance.${view.format}`);
  return view.allowancePercent === null ? '' : allowanceText(view.allowancePercent, language);
}
