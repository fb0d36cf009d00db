import type { MyTournamentView } from '../../../../shared/schemas/tournaments';
import { LOCALES } from '../../../../shared/language';
import type { Language } from '../../../../shared/values';
import { i18n } from '../../i18n';
import { formatToPar } from '../scorecard/scorecard';
import { localToday } from './tournament';
import { playsNet, ranksByPoints } from '../../../../shared/formats';

/** Where a player stands in their own tournaments (tournaments.mine, decision 0421): pure, unit-tested. */

export interface NextStart {
  entry: MyTournamentView;
  round: MyTournamentView['rounds'][number];
}

const STILL_TO_PLAY: ReadonlySet<MyTournamentView['tournament']['status']> = new Set(['open', 'closed', 'in_progress']);

/**
 * The player's next start: the earliest round of a tournament still to be played whose day is today or
 * later on this phone's calendar. A start earlier today still counts (the player may be on the course with
 * it); a round without a start time yet (entered, start list not published) is placed at the end of its day.
 */
export function nextStart(tournaments: readonly MyTournamentView[], now: Date): NextStart | null {
  const today = localToday(now);
  const candidates: (NextStart & { at: string })[] = [];
  for (const entry of tournaments) {
    if (!STILL_TO_PLAY.has(entry.tournament.status)) continue;
    for (const round of entry.rounds) {
      const day = round.startsAt ? localToday(new Date(round.startsAt)) : round.playedOn;
      if (day < today) continue;
      // Sorted by the day first, then by the time: a known start comes before an unknown one of the same day.
      const at = `${day} ${round.startsAt ? new Date(round.startsAt).toISOString() : '~'}`;
      candidates.push({ entry, round, at });
    }
  }
  candidates.sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0));
  const first = candidates[0];
  return first ? { entry: first.entry, round: first.round } : null;
}

/** The day a tournament is listed under among rounds: its last round's. */
export function tournamentDay(entry: MyTournamentView): string {
  return (
    entry.rounds
      .map((r) => r.playedOn)
      .sort()
      .pop() ?? ''
  );
}

/** Tournaments with something to show beside private rounds: being played or finished, with a result. */
export function playedTournaments(tournaments: readonly MyTournamentView[]): MyTournamentView[] {
  return tournaments.filter(
    (t) => (t.tournament.status === 'in_progress' || t.tournament.status === 'finished') && t.result !== null,
  );
}

/** "delt 2. plass · 74 netto (+2) etter 9 hull": the entry's place and score as the leaderboard has them. */
export function tournamentResultText(entry: MyTournamentView, language: Language = 'nb'): string | null {
  const t = i18n.getFixedT(language);
  // On the waiting list: the place is all there is to say (decision 0427).
  if (entry.waitlistPosition !== undefined) return t('rounds.tournament.waiting', { place: entry.waitlistPosition });
  const row = entry.result;
  if (!row) return null;
  if (row.thru === 0 && row.rounds.every((r) => r === 0)) return t('rounds.tournament.notStarted');
  const place = row.position.startsWith('T')
    ? t('rounds.tournament.sharedPlace', { position: row.position.slice(1) })
    : t('rounds.tournament.place', { position: row.position });
  const toPar = formatToPar(row.toPar);
  const format = entry.tournament.format;
  const score = ranksByPoints(format)
    ? t('rounds.result.points', { count: row.points ?? 0 })
    : playsNet(format)
      ? t('rounds.tournament.net', { count: row.strokes, toPar })
      : t('rounds.result.strokes', { count: row.strokes, toPar });
  const played = typeof row.thru === 'number' ? t('rounds.result.after', { result: score, count: row.thru }) : score;
  return `${place} · ${played}`;
}

/** "I dag", "I morgen" or "lørdag 12. juni": the day of a start on this phone's calendar. */
export function startDayText(start: NextStart['round'], now: Date, language: Language = 'nb'): string {
  const t = i18n.getFixedT(language);
  const day = start.startsAt ? localToday(new Date(start.startsAt)) : start.playedOn;
  const today = localToday(now);
  const tomorrow = localToday(new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1, 12));
  if (day === today) return t('home.nextStart.today');
  if (day === tomorrow) return t('home.nextStart.tomorrow');
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(y, m - 1, d, 12).toLocaleDateString(LOCALES[language], {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
  });
}
