import type { EntryView, TournamentView } from '../../../../shared/schemas/tournaments';
import { fold } from '../../../../shared/search-text';
import { STATUSES_BEFORE_PLAY, TOURNAMENT_MOVES } from '../../../../shared/tournament-rules';
import {
  TOURNAMENT_FORMAT_LABELS,
  TOURNAMENT_STATUS_LABELS,
  TOURNAMENT_VISIBILITY_LABELS,
  type TournamentStatus,
} from '../../../../shared/values';

/** The states as the club sees them (issue 15). */
export const STATUS_NAME = TOURNAMENT_STATUS_LABELS.nb;

/** Badge colour class per state (styles.css: `.badge`, `.badge.gray`, …). */
export const STATUS_BADGE: Record<TournamentStatus, string> = {
  draft: 'badge gray',
  open: 'badge',
  closed: 'badge gray',
  in_progress: 'badge',
  finished: 'badge gray',
  cancelled: 'badge gray',
};

export const FORMAT_NAME = TOURNAMENT_FORMAT_LABELS.nb;
export const VISIBILITY_NAME = TOURNAMENT_VISIBILITY_LABELS.nb;

/** One move of TOURNAMENT_MOVES as a button, with what confirming it means. */
export interface StatusMove {
  to: TournamentStatus;
  label: string;
  /** Said before the admin confirms: what changes, and what can no longer be undone. */
  confirm: string;
  danger: boolean;
}

const MOVE_TEXT: Record<TournamentStatus, { label: string; confirm: string }> = {
  draft: { label: 'Tilbake til utkast', confirm: '' },
  open: {
    label: 'Åpne for påmelding',
    confirm: 'Medlemmene kan melde seg på selv. En offentlig turnering vises da for alle som har lenken.',
  },
  closed: {
    label: 'Steng påmeldingen',
    confirm:
      'Medlemmene kan ikke lenger melde seg på eller av selv. Du kan fortsatt melde på spillere og lage startlisten.',
  },
  in_progress: {
    label: 'Start turneringen',
    confirm: 'Handicapene låses, påmeldingene og startlisten kan ikke lenger endres, og spillerne kan føre slag.',
  },
  finished: {
    label: 'Avslutt turneringen',
    confirm: 'Resultatene blir endelige: ingen kan føre slag, signere eller låse opp kort etterpå.',
  },
  cancelled: {
    label: 'Avlys turneringen',
    confirm: 'Turneringen avlyses for godt og kan ikke åpnes igjen. Påmeldingene blir stående, men ingen kan spille.',
  },
};

/** The moves the server allows from `status`, in order, cancelling last. */
export function movesFrom(status: TournamentStatus): StatusMove[] {
  return TOURNAMENT_MOVES[status].map((to) => ({
    to,
    ...MOVE_TEXT[to],
    danger: to === 'cancelled' || to === 'finished',
  }));
}

/** The confirmation's question: "Avlys turneringen «Vårcupen»?" */
export function confirmQuestion(move: StatusMove, name: string): string {
  return `${move.label} «${name}»?`;
}

/**
 * Whether a member may enter themself now (CONTRACT.md: while `open` and before `entriesCloseAt`, and
 * while there is room). The server decides; this only says whether to offer the button, and why not.
 */
export function selfEntry(
  t: Pick<TournamentView, 'status' | 'entriesCloseAt' | 'entryLimit' | 'entryCount'>,
  now: Date,
): { ok: true } | { ok: false; reason: string } {
  if (t.status !== 'open')
    return { ok: false, reason: t.status === 'draft' ? 'Påmeldingen er ikke åpnet ennå.' : 'Påmeldingen er stengt.' };
  if (t.entriesCloseAt && new Date(t.entriesCloseAt).getTime() <= now.getTime())
    return { ok: false, reason: 'Påmeldingsfristen er ute.' };
  if (t.entryLimit !== undefined && t.entryCount >= t.entryLimit) return { ok: false, reason: 'Turneringen er full.' };
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
  return entries.find((e) => e.player.userId === userId);
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

/** "kl. 08:10 fra tee 1" */
export function startText(startsAt: string, tee: 1 | 10): string {
  const time = new Date(startsAt).toLocaleTimeString('nb-NO', { hour: '2-digit', minute: '2-digit' });
  return `kl. ${time} fra tee ${tee}`;
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
