import { describe, expect, it } from 'vitest';
import { feedText } from '../../../../server/feed/text';
import type { FeedFacts } from '../../../../shared/format/feed-sentence';
import type { FeedItem } from '../../../../shared/schemas/feed';
import { feedSentence, shownText } from './feed-sentence';

const base = { at: '2026-06-01T10:00:00.000Z', organization: { name: 'Bogstad GK' } };
const tournament = { slug: 'varcupen', name: 'Vårcupen' };
const round = { id: 'r1', courseName: 'Bogstad', playedOn: '2026-06-01' };
type Podium = NonNullable<FeedItem['podium']>;

/** Each item as the server answers it (server/feed/tournaments.ts, rounds.ts): its facts and its Norwegian text. */
const answered = (facts: FeedFacts): FeedItem => ({ ...facts, text: feedText(facts, 'nb') });
const opened = answered({ ...base, id: '1', kind: 'tournament_opened', tournament });
const started = answered({ ...base, id: '2', kind: 'tournament_started', tournament });
const finished = (podium: Podium, stableford: boolean): FeedItem =>
  answered({
    ...base,
    id: '3',
    kind: 'tournament_finished',
    tournament,
    podium,
    unit: stableford ? 'points' : 'strokes',
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
const highlightInTournament = answered({
  ...base,
  id: '4',
  kind: 'highlight',
  tournament,
  player: { name: 'Kari Nordmann' },
  highlight: { hole: 7, par: 3, strokes: 1, label: 'hole_in_one' },
});
const highlightOnCourse = answered({
  ...base,
  id: '5',
  kind: 'highlight',
  round,
  player: { name: 'Ola' },
  highlight: { hole: 12, par: 5, strokes: 3, label: 'eagle' },
});
const shared = (players: { name: string; total: number }[], stableford: boolean): FeedItem =>
  answered({ ...base, id: '6', kind: 'round_shared', round, players, unit: stableford ? 'points' : 'strokes' });
const twoPlayers = [
  { name: 'Kari', total: 82 },
  { name: 'Ola', total: 90 },
];

/** Every item with its Norwegian sentence, as the server wrote it before the words moved to the catalogue. */
const every: [FeedItem, string][] = [
  [opened, 'Vårcupen er åpen for påmelding.'],
  [started, 'Vårcupen er i gang.'],
  [finished(oneDivision, false), 'Vårcupen er ferdigspilt. Vinner: Kari Nordmann (72 slag).'],
  [
    finished(tiedDivisions, true),
    'Vårcupen er ferdigspilt. Vinnere i Herrer: Ola, Per og Pål (38 poeng). Vinner i Damer: Kari (1 poeng).',
  ],
  [finished([], false), 'Vårcupen er ferdigspilt.'],
  [highlightInTournament, 'Kari Nordmann fikk hole in one på hull 7 i Vårcupen.'],
  [highlightOnCourse, 'Ola fikk eagle på hull 12 på Bogstad.'],
  [shared(twoPlayers, false), 'Runde på Bogstad 1. juni 2026: Kari 82 slag, Ola 90 slag.'],
  [shared([{ name: 'Kari', total: 1 }], true), 'Runde på Bogstad 1. juni 2026: Kari 1 poeng.'],
  [shared([], false), 'En runde på Bogstad 1. juni 2026 er delt.'],
];

describe('a feed item’s sentence in English', () => {
  it('says what the tournament items say', () => {
    expect(feedSentence(opened, 'en')).toBe('Vårcupen is open for entries.');
    expect(feedSentence(started, 'en')).toBe('Vårcupen is under way.');
    expect(feedSentence(finished(oneDivision, false), 'en')).toBe(
      'Vårcupen has finished. Winner: Kari Nordmann (72 strokes).',
    );
    expect(feedSentence(finished(tiedDivisions, true), 'en')).toBe(
      'Vårcupen has finished. Winners in Herrer: Ola, Per and Pål (38 points). Winner in Damer: Kari (1 point).',
    );
    expect(feedSentence(finished([], false), 'en')).toBe('Vårcupen has finished.');
  });

  it('names a highlight with its article, in a tournament or on a course', () => {
    expect(feedSentence(highlightInTournament, 'en')).toBe('Kari Nordmann made a hole in one on hole 7 in Vårcupen.');
    expect(feedSentence(highlightOnCourse, 'en')).toBe('Ola made an eagle on hole 12 at Bogstad.');
  });

  it('lists a shared round’s players with their totals and an English date', () => {
    expect(feedSentence(shared(twoPlayers, false), 'en')).toBe(
      'Round at Bogstad, 1 June 2026: Kari 82 strokes, Ola 90 strokes.',
    );
    expect(feedSentence(shared([{ name: 'Kari', total: 1 }], true), 'en')).toBe(
      'Round at Bogstad, 1 June 2026: Kari 1 point.',
    );
    expect(feedSentence(shared([], false), 'en')).toBe('A round at Bogstad, 1 June 2026, was shared.');
  });

  it('keeps a name that looks like the catalogue’s syntax as it was typed, on the server and in the app', () => {
    const odd = answered({ ...opened, tournament: { slug: 'x', name: 'Cup {{count}} $t(feedFacts.started)' } });
    expect(odd.text).toBe('Cup {{count}} $t(feedFacts.started) er åpen for påmelding.');
    expect(feedSentence(odd, 'en')).toBe('Cup {{count}} $t(feedFacts.started) is open for entries.');
  });

  it('is the server’s text for a kind the app does not know', () => {
    const unknown = { ...opened, kind: 'course_record', text: 'Ny banerekord.' } as unknown as FeedItem;
    expect(shownText(unknown, 'en')).toBe('Ny banerekord.');
  });
});

describe('a feed item’s sentence in Norwegian', () => {
  it('is the server’s text, word for word, for every kind the server writes', () => {
    for (const [item, sentence] of every) {
      expect(item.text).toBe(sentence);
      expect(feedSentence(item, 'nb')).toBe(sentence);
      expect(shownText(item, 'nb')).toBe(sentence);
    }
  });
});
