import { describe, expect, it } from 'vitest';
import { applyLanguage, i18n, loadTexts } from '../../i18n';
import { cardTotals, formatToPar } from '../scorecard/scorecard';
import type { TournamentCardsView, TournamentCardView } from '../../../../shared/schemas/tournaments';
import {
  ballKey,
  ballOfKey,
  cardBalls,
  countingBall,
  firstOpenHole,
  heldStrokes,
  holeList,
  missingHoles,
  shownCardStrokes,
  signatureText,
  signBlocker,
  totalsText,
  withStrokes,
} from './card';

// The texts the code under test words things with, as its screens load them.
await loadTexts(['rounds', 'tournaments']);

const t = i18n.getFixedT('nb');

const full = (n = 4) => Array.from({ length: 18 }, () => n as number | null);

describe('the tournament card', () => {
  it('names the holes still missing before signing, as the server does', () => {
    const strokes = full();
    strokes[2] = null;
    strokes[6] = null;
    strokes[11] = null;
    expect(missingHoles(strokes)).toEqual([3, 7, 12]);
    expect(holeList([7], t)).toBe('hull 7');
    expect(holeList([3, 7, 12], t)).toBe('hull 3, 7 og 12');
    expect(signBlocker({ strokes, locked: false }, strokes, 0, t)).toBe('Mangler hull 3, 7 og 12.');
    expect(signBlocker({ strokes: full(), locked: false }, full(), 1, t)).toBe('1 slag er ikke lagret ennå.');
    expect(signBlocker({ strokes: full(), locked: false }, full(), 0, t)).toBeNull();
    expect(signBlocker({ strokes: full(), locked: false }, Array(18).fill(null), 0, t)).toBe(
      'Ingen hull er ført ennå.',
    );
  });

  it('keeps running totals: gross, net to par and Stableford points', () => {
    const holes = [{ par: 4 }, { par: 3 }, { par: 5 }];
    const totals = cardTotals(holes, [5, 3, null], [1, 0, 1]);
    expect(totals).toEqual({ holesPlayed: 2, gross: 8, net: 7, grossToPar: 1, netToPar: 0, points: 4 });
    expect(totalsText('stroke_net', totals, formatToPar, t)).toBe('Netto ±0 · brutto 8 etter 2 hull');
    expect(totalsText('stableford', totals, formatToPar, t)).toBe('4 poeng · brutto 8 etter 2 hull');
    expect(totalsText('stroke_net', cardTotals(holes, [5, null, null], [1, 0, 1]), formatToPar, t)).toBe(
      'Netto ±0 · brutto 5 etter 1 hull',
    );
    expect(totalsText('stroke_gross', cardTotals(holes, [null, null, null], [0, 0, 0]), formatToPar, t)).toBe(
      'Ingen slag ennå',
    );
  });

  it('says who has signed, and opens where play is', () => {
    expect(signatureText({ signedByPlayer: true, signedByMarker: false, locked: false }, t)).toBe(
      'Signert av spilleren, venter på markøren',
    );
    expect(signatureText({ signedByPlayer: true, signedByMarker: true, locked: true }, t)).toBe(
      'Signert av spilleren og markøren – låst',
    );
    const a = full();
    a[4] = null;
    expect(firstOpenHole([{ strokes: full() }, { strokes: a }])).toBe(5);
    expect(firstOpenHole([{ strokes: full() }])).toBe(18);
  });

  it('says the same in English', async () => {
    await applyLanguage('en');
    const en = i18n.getFixedT('en');
    const strokes = full();
    strokes[2] = null;
    strokes[6] = null;
    expect(signBlocker({ strokes, locked: false }, strokes, 0, en)).toBe('Missing holes 3 and 7.');
    expect(signBlocker({ strokes: full(), locked: false }, full(), 2, en)).toBe('2 scores are not saved yet.');
    const totals = cardTotals([{ par: 4 }, { par: 3 }], [5, 3], [1, 0]);
    expect(totalsText('stableford', totals, formatToPar, en)).toBe('4 points · gross 8 after 2 holes');
    const one = cardTotals([{ par: 4 }, { par: 3 }], [5, null], [1, 0]);
    expect(totalsText('stroke_gross', one, formatToPar, en)).toBe('Gross 5 (+1) after 1 hole');
    const onePoint = cardTotals([{ par: 4 }, { par: 3 }], [6, null], [1, 0]);
    expect(totalsText('stableford', onePoint, formatToPar, en)).toBe('1 point · gross 6 after 1 hole');
    expect(signatureText({ signedByPlayer: false, signedByMarker: true, locked: false }, en)).toBe(
      'Signed by the marker, waiting for the player',
    );
    await applyLanguage('nb');
  });

  const empty = () => Array.from({ length: 18 }, () => null as number | null);
  const none = () => Array.from({ length: 18 }, () => 0);
  const teamCard = (patch: Partial<TournamentCardView>): TournamentCardView => ({
    entryId: 'e1',
    name: 'Medlem / Gjest',
    players: ['Mona Medlem', 'Gunnar Gjest'],
    division: { id: 'd', name: 'A' },
    playingHandicap: 9,
    relation: 'self',
    strokes: empty(),
    strokesReceived: none(),
    lengths: empty(),
    signedByPlayer: false,
    signedByMarker: false,
    locked: false,
    ...patch,
  });

  it('has one row for a one-ball team, named by the team with its players, sent without a player', () => {
    const [ball, ...more] = cardBalls(teamCard({}));
    expect(more).toEqual([]);
    expect(ball).toMatchObject({ key: 'e1', playerId: null, name: 'Medlem / Gjest' });
    expect(ball!.players).toEqual(['Mona Medlem', 'Gunnar Gjest']);
    expect(ballOfKey(ball!.key)).toEqual({ entryId: 'e1', playerId: null });
  });

  it('has a row per player in four-ball, each sent with its playerId, and the better ball counting per hole', () => {
    const received = (holes: number[]) => Array.from({ length: 18 }, (_, i) => (holes.includes(i + 1) ? 1 : 0));
    const card = teamCard({
      balls: [
        { playerId: 'p1', name: 'Mona Medlem', playingHandicap: 1, strokes: empty(), strokesReceived: received([1]) },
        { playerId: 'p2', name: 'Per Medlem', playingHandicap: 2, strokes: empty(), strokesReceived: received([2, 3]) },
      ],
    });
    const balls = cardBalls(card);
    expect(balls.map((b) => [b.name, b.key])).toEqual([
      ['Mona Medlem', 'e1/p1'],
      ['Per Medlem', 'e1/p2'],
    ]);
    expect(ballOfKey(ballKey('e1', 'p2'))).toEqual({ entryId: 'e1', playerId: 'p2' });
    // Hole 1: both net 4 (Mona's 5 with a stroke, Per's 4 without): the lower gross, Per's, counts.
    // Hole 2: Per's 5 with a stroke, net 4, beats Mona's 5. Hole 3: Mona's alone. Hole 4: nobody's yet.
    const shown: Record<string, (number | null)[]> = { 'e1/p1': [5, 5, 4], 'e1/p2': [4, 5, null] };
    const of = (key: string, hole: number) => shown[key]?.[hole - 1] ?? null;
    expect(countingBall(balls, 1, of)).toEqual({ key: 'e1/p2', strokes: 4, received: 0 });
    expect(countingBall(balls, 2, of)).toEqual({ key: 'e1/p2', strokes: 5, received: 1 });
    expect(countingBall(balls, 3, of)).toEqual({ key: 'e1/p1', strokes: 4, received: 0 });
    expect(countingBall(balls, 4, of)).toBeNull();
    const better = shownCardStrokes(balls, of);
    expect(better.strokes.slice(0, 4)).toEqual([4, 5, 4, null]);
    expect(better.strokesReceived.slice(0, 3)).toEqual([0, 1, 0]);
    // Complete once every hole has a score on some ball.
    expect(signBlocker(card, better.strokes, 0, t)).toBe(
      'Mangler hull 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17 og 18.',
    );
  });

  it('writes a saved score into its ball, and reads back what the server holds on it', () => {
    const view: TournamentCardsView = {
      round: 1,
      holes: [],
      group: null,
      myEntryId: 'e1',
      cards: [
        teamCard({
          signedByPlayer: true,
          balls: [{ playerId: 'p1', name: 'Mona', playingHandicap: 1, strokes: empty(), strokesReceived: none() }],
        }),
        teamCard({ entryId: 'e2' }),
      ],
    };
    const four = withStrokes(view, 'e1/p1', 3, 5)!;
    expect(heldStrokes(four, 'e1/p1', 3)).toBe(5);
    expect(four.cards[0]!.strokes[2]).toBeNull();
    expect(four.cards[0]!.signedByPlayer).toBe(false);
    const one = withStrokes(view, 'e2', 7, 4)!;
    expect(heldStrokes(one, 'e2', 7)).toBe(4);
    expect(heldStrokes(one, 'e1/p1', 7)).toBeNull();
    expect(heldStrokes(one, 'nobody', 7)).toBeNull();
  });
});
