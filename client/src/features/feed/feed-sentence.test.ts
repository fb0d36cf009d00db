import { describe, expect, it } from 'vitest';
import { finishedText, highlightText, openedText, roundSharedText, startedText } from '../../../../server/feed/text';
import type { FeedItem } from '../../../../shared/schemas/feed';
import { feed } from '../../../../shared/i18n/en/feed';
import { i18n, loadTexts } from '../../i18n';
import { feedSentence, shownText } from './feed-sentence';

await loadTexts(['feed']);
i18n.addResourceBundle('en', 'translation', { feed });
const english = i18n.getFixedT('en');
const norwegian = i18n.getFixedT('nb');

const base = { at: '2026-06-01T10:00:00.000Z', organization: { name: 'Bogstad GK' } };
const tournament = { slug: 'varcupen', name: 'Vårcupen' };
const round = { id: 'r1', courseName: 'Bogstad', playedOn: '2026-06-01' };
type Podium = NonNullable<FeedItem['podium']>;

/** Each item as the server posts it (server/feed/tournaments.ts, rounds.ts): its fields and its text. */
const opened: FeedItem = { ...base, id: '1', kind: 'tournament_opened', tournament, text: openedText('Vårcupen') };
const started: FeedItem = { ...base, id: '2', kind: 'tournament_started', tournament, text: startedText('Vårcupen') };
const finished = (podium: Podium, stableford: boolean): FeedItem => ({
  ...base,
  id: '3',
  kind: 'tournament_finished',
  tournament,
  podium,
  text: finishedText('Vårcupen', podium, stableford),
});
const oneDivision: Podium = [
  {
    division: '',
    places: [
      { position: '1', name: 'Kari Nordmann', total: 72 },
      { position: '2', name: 'Ola Nordmann', total: 75 },
    ],
  },
];
const tiedDivisions: Podium = [
  {
    division: 'Herrer',
    places: [
      { position: 'T1', name: 'Ola', total: 38 },
      { position: 'T1', name: 'Per', total: 38 },
      { position: 'T1', name: 'Pål', total: 38 },
    ],
  },
  { division: 'Damer', places: [{ position: '1', name: 'Kari', total: 1 }] },
];
const highlightInTournament: FeedItem = {
  ...base,
  id: '4',
  kind: 'highlight',
  tournament,
  player: { name: 'Kari Nordmann' },
  highlight: { hole: 7, par: 3, strokes: 1, label: 'hole_in_one' },
  text: highlightText('Kari Nordmann', 'hole_in_one', 7, { tournament: 'Vårcupen' }),
};
const highlightOnCourse: FeedItem = {
  ...base,
  id: '5',
  kind: 'highlight',
  round,
  player: { name: 'Ola' },
  highlight: { hole: 12, par: 5, strokes: 3, label: 'eagle' },
  text: highlightText('Ola', 'eagle', 12, { course: 'Bogstad' }),
};
const shared = (players: { name: string; total: number }[], stableford: boolean): FeedItem => ({
  ...base,
  id: '6',
  kind: 'round_shared',
  round,
  players,
  text: roundSharedText('Bogstad', '2026-06-01', players, stableford),
});
const twoPlayers = [
  { name: 'Kari', total: 82 },
  { name: 'Ola', total: 90 },
];

const every: FeedItem[] = [
  opened,
  started,
  finished(oneDivision, false),
  finished(tiedDivisions, true),
  finished([], false),
  highlightInTournament,
  highlightOnCourse,
  shared(twoPlayers, false),
  shared([{ name: 'Kari', total: 1 }], true),
  shared([], false),
];

describe('a feed item’s sentence in English', () => {
  it('says what the tournament items say', () => {
    expect(feedSentence(opened, english, 'en')).toBe('Vårcupen is open for entries.');
    expect(feedSentence(started, english, 'en')).toBe('Vårcupen is under way.');
    expect(feedSentence(finished(oneDivision, false), english, 'en')).toBe(
      'Vårcupen has finished. Winner: Kari Nordmann (72 strokes).',
    );
    expect(feedSentence(finished(tiedDivisions, true), english, 'en')).toBe(
      'Vårcupen has finished. Winners in Herrer: Ola, Per and Pål (38 points). Winner in Damer: Kari (1 point).',
    );
    expect(feedSentence(finished([], false), english, 'en')).toBe('Vårcupen has finished.');
  });

  it('names a highlight with its article, in a tournament or on a course', () => {
    expect(feedSentence(highlightInTournament, english, 'en')).toBe(
      'Kari Nordmann made a hole in one on hole 7 in Vårcupen.',
    );
    expect(feedSentence(highlightOnCourse, english, 'en')).toBe('Ola made an eagle on hole 12 at Bogstad.');
  });

  it('lists a shared round’s players with their totals and an English date', () => {
    expect(feedSentence(shared(twoPlayers, false), english, 'en')).toBe(
      'Round at Bogstad, 1 June 2026: Kari 82 strokes, Ola 90 strokes.',
    );
    expect(feedSentence(shared([{ name: 'Kari', total: 1 }], true), english, 'en')).toBe(
      'Round at Bogstad, 1 June 2026: Kari 1 point.',
    );
    expect(feedSentence(shared([], false), english, 'en')).toBe('A round at Bogstad, 1 June 2026, was shared.');
  });

  it('is the server’s text for a kind the app does not know', () => {
    const unknown = { ...opened, kind: 'course_record', text: 'Ny banerekord.' } as unknown as FeedItem;
    expect(shownText(unknown, english, 'en')).toBe('Ny banerekord.');
  });
});

describe('a feed item’s sentence in Norwegian', () => {
  it('is the server’s text, word for word, for every kind the server writes', () => {
    for (const item of every) {
      expect(feedSentence(item, norwegian, 'nb')).toBe(item.text);
      expect(shownText(item, norwegian, 'nb')).toBe(item.text);
    }
  });
});
