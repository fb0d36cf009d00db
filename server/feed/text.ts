import type { FeedItem } from '../../shared/schemas/feed';
import { formatDays } from '../../shared/format/dates';
import { HIGHLIGHT_KIND_LABELS, type HighlightKind } from '../../shared/values';

/**
 * Each item's `text`: one Norwegian sentence (or two) saying what its fields say, for a reader, a screen
 * reader or a link preview. Names only, as the fields have them.
 */
/** A highlight as a sentence names it: "hole in one". */
const highlightInSentence = (kind: HighlightKind) => HIGHLIGHT_KIND_LABELS.nb[kind].toLowerCase();

/** "Kari", "Kari og Ola", "Kari, Ola og Per". */
function names(list: readonly string[]): string {
  return list.length <= 1 ? (list[0] ?? '') : `${list.slice(0, -1).join(', ')} og ${list[list.length - 1]}`;
}

const unit = (stableford: boolean) => (stableford ? 'poeng' : 'slag');

export const openedText = (tournament: string) => `${tournament} er åpen for påmelding.`;
export const startedText = (tournament: string) => `${tournament} er i gang.`;

/** "Vårcupen er ferdigspilt. Vinner i Herrer: Kari Nordmann (72 slag)." — the winners of each division. */
export function finishedText(tournament: string, podium: NonNullable<FeedItem['podium']>, stableford: boolean): string {
  const winners = podium.flatMap((division) => {
    const first = division.places.filter((p) => p.position === '1' || p.position === 'T1');
    if (first.length === 0) return [];
    const who =
      podium.length === 1
        ? first.length > 1
          ? 'Vinnere'
          : 'Vinner'
        : `${first.length > 1 ? 'Vinnere' : 'Vinner'} i ${division.division}`;
    return [`${who}: ${names(first.map((p) => p.name))} (${first[0]!.total} ${unit(stableford)}).`];
  });
  return [`${tournament} er ferdigspilt.`, ...winners].join(' ');
}

/** "Kari Nordmann fikk hole in one på hull 7 i Vårcupen." / "… på hull 12 på Bogstad." */
export function highlightText(
  player: string,
  label: HighlightKind,
  hole: number,
  where: { tournament: string } | { course: string },
): string {
  const place = 'tournament' in where ? `i ${where.tournament}` : `på ${where.course}`;
  return `${player} fikk ${highlightInSentence(label)} på hull ${hole} ${place}.`;
}

/** "Runde på Bogstad 1. juni 2026: Kari Nordmann 82 slag, Ola Nordmann 90 slag." */
export function roundSharedText(
  course: string,
  playedOn: string,
  players: readonly { name: string; total: number }[],
  stableford: boolean,
): string {
  const when = `${course} ${formatDays([playedOn], 'nb')}`;
  if (players.length === 0) return `En runde på ${when} er delt.`;
  return `Runde på ${when}: ${players.map((p) => `${p.name} ${p.total} ${unit(stableford)}`).join(', ')}.`;
}
