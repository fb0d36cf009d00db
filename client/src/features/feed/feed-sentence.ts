import type { TFunction } from 'i18next';
import type { FeedItem } from '../../../../shared/schemas/feed';
import { formatDays } from '../../../../shared/format/dates';
import type { Language } from '../../../../shared/values';
import { shownName } from '../../i18n/names';
import { isStableford } from './feed-format';

/**
 * An item's sentence in `language`, built from its fields with the feed area's words: what the server's
 * Norwegian `text` says (server/feed/text.ts), said again. Null for a kind this app does not know yet.
 */
export function feedSentence(item: FeedItem, t: TFunction, language: Language): string | null {
  const total = (count: number) =>
    isStableford(item) ? t('feed.sentence.points', { count }) : t('feed.sentence.strokes', { count });
  // "Kari", "Kari and Ola", "Kari, Ola and Per".
  const names = (list: readonly string[]) =>
    list.length <= 1
      ? (list[0] ?? '')
      : t('feed.sentence.and', { first: list.slice(0, -1).join(', '), last: list.at(-1)! });
  const tournament = item.tournament?.name ?? '';

  switch (item.kind) {
    case 'tournament_opened':
      return t('feed.sentence.opened', { tournament });
    case 'tournament_started':
      return t('feed.sentence.started', { tournament });
    case 'tournament_finished': {
      const podium = item.podium ?? [];
      const winners = podium.flatMap((division) => {
        const first = division.places.filter((p) => p.position === '1' || p.position === 'T1');
        if (first.length === 0) return [];
        const words = {
          count: first.length,
          names: names(first.map((p) => shownName(p.name, language))),
          total: total(first[0]!.total),
        };
        return [
          podium.length === 1
            ? t('feed.sentence.winner', words)
            : t('feed.sentence.winnerIn', { ...words, division: division.division }),
        ];
      });
      return [t('feed.sentence.finished', { tournament }), ...winners].join(' ');
    }
    case 'highlight': {
      if (!item.highlight || !item.player) return null;
      const words = {
        player: shownName(item.player.name, language),
        highlight: t(`feed.sentence.${item.highlight.label}`),
        hole: item.highlight.hole,
      };
      return item.tournament
        ? t('feed.sentence.highlightInTournament', { ...words, tournament })
        : t('feed.sentence.highlightOnCourse', { ...words, course: item.round?.courseName ?? '' });
    }
    case 'round_shared': {
      if (!item.round) return null;
      const where = { course: item.round.courseName, date: formatDays([item.round.playedOn], language) };
      const players = item.players ?? [];
      if (players.length === 0) return t('feed.sentence.roundSharedEmpty', where);
      const list = players.map((p) => t('feed.sentence.playerTotal', { name: p.name, total: total(p.total) }));
      return t('feed.sentence.roundShared', { ...where, players: list.join(', ') });
    }
    default:
      return null;
  }
}

/**
 * The sentence the app shows: in Norwegian the server's `text` exactly (the API's own words); in English
 * the sentence built from the fields, or the server's text for a kind the app does not know.
 */
export function shownText(item: FeedItem, t: TFunction, language: Language): string {
  if (language === 'nb') return item.text;
  return feedSentence(item, t, language) ?? item.text;
}
