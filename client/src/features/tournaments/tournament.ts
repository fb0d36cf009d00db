import { osloClockTime } from '../../../../shared/format/oslo-clock';
import type { TFunction } from 'i18next';
import type { EntryView, TournamentView } from '../../../../shared/schemas/tournaments';
import { fold } from '../../../../shared/search-text';
import { STATUSES_BEFORE_PLAY, TOURNAMENT_MOVES } from '../../../../shared/tournament-rules';
import {
  TIE_BREAK_LABELS,
  TOURNAMENT_FORMAT_LABELS,
  TOURNAMENT_STATUS_LABELS,
  TOURNAMENT_VISIBILITY_LABELS,
  type TournamentStatus,
} from '../../../../shared/values';
import { entryUserIds } from '../../../../shared/format/entry';

/** The states as the club sees them, per language: `STATUS_NAME[language][status]`. */
export const STATUS_NAME = TOURNAMENT_STATUS_LABELS;

/** Badge colour class per state (styles.css: `.badge`, `.badge.gray`, …). */
export const STATUS_BADGE: Record<TournamentStatus, string> = {
  draft: 'badge gray',
  open: 'badge',
  closed: 'badge gray',
  in_progress: 'badge',
  finished: 'badge gray',
  cancelled: 'badge gray',
};

export const FORMAT_NAME = TOURNAMENT_FORMAT_LABELS;
export const VISIBILITY_NAME = TOURNAMENT_VISIBILITY_LABELS;
export const TIE_BREAK_NAME = TIE_BREAK_LABELS;

/** One move of TOURNAMENT_MOVES as a button, with what confirming it means. */
export interface StatusMove {
  to: TournamentStatus;
  label: string;
  /** Said before the admin confirms: what changes, and what can no longer be undone. */
  confirm: string;
  danger: boolean;
}

/** The moves the server allows from `status`, in order, cancelling last, in the language of `t`. */
export function movesFrom(status: TournamentStatus, t: TFunction): StatusMove[] {
  return (
    TOURNAMENT_MOVES[status]
      // No move leads back to a draft, so there is no text for one.
      .filter((to): to is Exclude<TournamentStatus, 'draft'> => to !== 'draft')
      .map((to) => ({
        to,
        label: t(`tournaments.moves.${to}.label`),
        confirm: t(`tournaments.moves.${to}.confirm`),
        danger: to === 'cancelled' || to === 'finished',
      }))
  );
}

/** The confirmation's question: "Avlys turneringen «Vårcupen»?", "Cancel the tournament “Vårcupen”?" */
export function confirmQuestion(move: StatusMove, name: string, t: TFunction): string {
  return t('tournaments.moves.question', { move: move.label, name });
}

/**
 * Whether a member may enter themself now (docs/contract.md section 9, decision 0410: while `open` and before
 * `entriesCloseAt`). A full field still takes the entry, onto its waiting list (decision 0427): `waiting` says so
 * before the button is pressed. The server decides; this only says whether to offer the button, and why not.
 */
export function selfEntry(
  tournament: Pick<TournamentView, 'status' | 'entriesCloseAt' | 'entryLimit' | 'entryCount'>,
  now: Date,
  t: TFunction,
): { ok: true; waiting?: string } | { ok: false; reason: string } {
  if (tournament.status !== 'open')
    return {
      ok: false,
      reason: t(tournament.status === 'draft' ? 'tournaments.selfEntry.notOpenYet' : 'tournaments.selfEntry.closed'),
    };
  if (tournament.entriesCloseAt && new Date(tournament.entriesCloseAt).getTime() <= now.getTime())
    return { ok: false, reason: t('tournaments.selfEntry.deadlinePassed') };
  if (tournament.entryLimit !== undefined && tournament.entryCount >= tournament.entryLimit)
    return { ok: true, waiting: t('tournaments.selfEntry.full') };
  return { ok: true };
}

/** An entrant withdraws themself before play starts (after that only an organizer can). */
export function canWithdrawSelf(status: TournamentStatus): boolean {
  return status === 'open' || status === 'closed';
}

/** Organizers enter and withdraw others until play starts (withdrawing: until finished). */
export function canManageEntries(status: TournamentStatus): boolean {
  return STATUSES_BEFORE_PLAY.includes(status);
}

export function myEntry(entries: readonly EntryView[], userId: string): EntryView | undefined {
  return entries.find((e) => entryUserIds(e).includes(userId));
}

/** My group in a round: the entries that start with me (same round, time and tee), me first. */
export function groupOf(
  entries: readonly EntryView[],
  entry: EntryView,
  round: number,
): { startsAt: string; tee: 1 | 10; entries: EntryView[] } | null {
  const mine = entry.groups.find((g) => g.round === round);
  if (!mine) return null;
  const others = entries.filter(
    (e) =>
      e.id !== entry.id &&
      e.groups.some((g) => g.round === round && g.startsAt === mine.startsAt && g.tee === mine.tee),
  );
  return { startsAt: mine.startsAt, tee: mine.tee, entries: [entry, ...others] };
}

/** "kl. 08:10 fra tee 1", "08:10 from tee 1", on Norway's clock whatever the phone's zone (decision 0432). */
export function startText(startsAt: string, tee: 1 | 10, t: TFunction): string {
  return t('tournaments.startAt', { time: osloClockTime(new Date(startsAt)), tee });
}

/** Members an organizer may add: not entered yet, matching every typed word in name or e-mail. */
export function memberMatches<M extends { userId: string; name: string | null; email: string }>(
  members: readonly M[],
  query: string,
  entered: ReadonlySet<string>,
  limit = 8,
): M[] {
  const words = fold(query).split(/\s+/).filter(Boolean);
  if (words.length === 0) return [];
  return members
    .filter((m) => !entered.has(m.userId))
    .filter((m) => {
      const text = fold(`${m.name ?? ''} ${m.email}`);
      return words.every((w) => text.includes(w));
    })
    .slice(0, limit);
}

/** Case, accents and æøå folded, so "ase" finds "Åse" and "sorensen" finds "Sørensen": as the server's searches fold. */
export { fold };

/** The tournament's round to show: the first whose date is today or later, else the last. */
export function currentRound(rounds: readonly { number: number; playedOn: string }[], today: string): number {
  const sorted = [...rounds].sort((a, b) => a.number - b.number);
  return (sorted.find((r) => r.playedOn >= today) ?? sorted[sorted.length - 1])?.number ?? 1;
}

/** Today as YYYY-MM-DD in the phone's own time zone. */
export function localToday(now: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}
