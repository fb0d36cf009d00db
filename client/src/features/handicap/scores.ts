import type { HandicapRecordView, ScoreRecord } from '../../../../shared/schemas/handicap';
import type { Language } from '../../../../shared/values';
import { i18n } from '../../i18n';
import { formatHandicapIndex } from '../../lib/handicap';
import { ROUTES } from '../../routes';
import { formatDate } from '../rounds/format';

/** How many of the newest scores the screen lists: the ones Rule 5 takes the index from. */
export const SCORES_SHOWN = 20;

/**
 * The index the player plays off now, and which: the calculated one only when chosen and there is one
 * (fewer than three scores give none), as the server freezes it (decision 0419).
 */
export function indexPlayedOff(record: Pick<HandicapRecordView, 'enteredIndex' | 'calculatedIndex' | 'playsWith'>): {
  index: number | null;
  which: 'entered' | 'calculated';
} {
  if (record.playsWith === 'calculated' && record.calculatedIndex !== null)
    return { index: record.calculatedIndex, which: 'calculated' };
  return { index: record.enteredIndex, which: 'entered' };
}

/** Where a score was played: its round, or the tournament's public page; null when neither is known any more. */
export function scoreLink(score: Pick<ScoreRecord, 'round' | 'tournament'>): string | null {
  if (score.round) return ROUTES.round(score.round.id);
  if (score.tournament) return ROUTES.publicTournament(score.tournament.slug);
  return null;
}

/**
 * A differential as an index is written ("19,0", a plus "+1,2"); a nine waiting for its pair has none yet
 * ("venter"), and any other score without one shows a dash.
 */
export function differentialText(
  score: Pick<ScoreRecord, 'differential' | 'holes' | 'combinedWith'>,
  language: Language = 'nb',
): string {
  if (score.differential !== null) return formatHandicapIndex(score.differential, language);
  if (score.holes === 9 && !score.combinedWith) return i18n.getFixedT(language)('handicap.scores.noDifferential');
  return '–';
}

/**
 * The notes under a score, each a short line: an exceptional score's reduction, a nine-hole score's pair
 * (by the date of the other nine, from the same record) or its wait for one.
 */
export function scoreNotes(score: ScoreRecord, all: readonly ScoreRecord[], language: Language = 'nb'): string[] {
  const t = i18n.getFixedT(language);
  const notes: string[] = [];
  if (score.exceptionalReduction > 0)
    notes.push(t('handicap.scores.exceptional', { count: score.exceptionalReduction }));
  if (score.holes === 9) {
    const other = score.combinedWith ? all.find((s) => s.id === score.combinedWith) : undefined;
    if (other) notes.push(t('handicap.scores.nineCombined', { date: formatDate(other.playedOn, language) }));
    else if (score.combinedWith) notes.push(t('handicap.scores.nineCombinedOther'));
    else notes.push(t('handicap.scores.nineWaiting'));
  }
  return notes;
}
