import type { feedFacts } from '../i18n/nb/feedFacts';
import type { TextKey, TextParams } from '../i18n/types';
import type { FeedItem } from '../schemas/feed';
import type { Language } from '../values';
import { formatDays } from './dates';

/** An item's facts: everything it says but its sentence, which each reader's language words from them. */
export type FeedFacts = Omit<FeedItem, 'text'>;

type Key = TextKey<typeof feedFacts>;
type PluralStem<K> = K extends `${infer Stem}_other` ? Stem : never;
/** A key of the feedFacts area; a plural (`winner_one`, `winner_other`) is asked for by its stem and `count`. */
export type FeedFactsKey = Key | PluralStem<Key>;

/** The feedFacts area in the reader's language: the server's renderer, or the app's. */
export type FeedWords = (key: FeedFactsKey, params?: TextParams) => string;

/**
 * An item's sentence, one (or two) saying what its fields say, for a reader, a screen reader or a link
 * preview: the server's `text` and the app's words are this one function over the one catalogue. `name`
 * shows a person's name as the reader's language does (the app words the API's placeholders). Null for a
 * kind this code does not know (an app older than its server).
 */
export function feedSentence(
  item: FeedFacts,
  language: Language,
  words: FeedWords,
  name: (name: string) => string = (n) => n,
): string | null {
  const total = (count: number) => words(item.unit === 'points' ? 'points' : 'strokes', { count });
  const tournament = item.tournament?.name ?? '';
  switch (item.kind) {
    case 'tournament_opened':
      return words('opened', { tournament });
    case 'tournament_started':
      return words('started', { tournament });
    case 'tournament_finished': {
      const podium = item.podium ?? [];
      const winners = podium.flatMap((division) => {
        const first = division.places.filter((p) => p.position === '1' || p.position === 'T1');
        if (first.length === 0) return [];
        const said = { count: first.length, names: first.map((p) => name(p.name)), total: total(first[0]!.total) };
        return [
          podium.length === 1 ? words('winner', said) : words('winnerIn', { ...said, division: division.division }),
        ];
      });
      return [words('finished', { tournament }), ...winners].join(' ');
    }
    case 'highlight': {
      if (!item.highlight || !item.player) return null;
      const said = {
        player: name(item.player.name),
        highlight: words(`highlight.${item.highlight.label}`),
        hole: item.highlight.hole,
      };
      return item.tournament
        ? words('highlightInTournament', { ...said, tournament })
        : words('highlightOnCourse', { ...said, course: item.round?.courseName ?? '' });
    }
    case 'round_shared': {
      if (!item.round) return null;
      const where = { course: item.round.courseName, date: formatDays([item.round.playedOn], language) };
      const players = item.players ?? [];
      if (players.length === 0) return words('roundSharedEmpty', where);
      const list = players.map((p) => words('playerTotal', { name: p.name, total: total(p.total) }));
      return words('roundShared', { ...where, players: list.join(', ') });
    }
    default:
      return null;
  }
}
