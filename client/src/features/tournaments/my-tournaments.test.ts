import { describe, expect, it } from 'vitest';
import { applyLanguage, loadTexts } from '../../i18n';
import type { MyTournamentView } from '../../../../shared/schemas/tournaments';
import { nextStart, playedTournaments, startDayText, tournamentDay, tournamentResultText } from './my-tournaments';

// The texts the code under test words things with, as its screens load them.
await loadTexts(['home', 'rounds', 'tournaments']);

function entry(
  name: string,
  status: MyTournamentView['tournament']['status'],
  rounds: { playedOn: string; startsAt?: string }[],
  result: MyTournamentView['result'] = null,
): MyTournamentView {
  return {
    tournament: {
      id: name,
      organizationId: 'org',
      organization: { name: 'Bogstad GK' },
      name,
      slug: name.toLowerCase(),
      status,
      format: 'stroke_net',
      visibility: 'public',
    },
    entryId: `${name}-entry`,
    division: { name: 'Herrer' },
    rounds: rounds.map((r, i) => ({
      number: i + 1,
      playedOn: r.playedOn,
      startsAt: r.startsAt ?? null,
      tee: r.startsAt ? 1 : null,
      partners: [],
    })),
    result,
  };
}

const row = {
  position: '2',
  entryId: 'x',
  name: 'Per',
  thru: 'F' as const,
  toPar: 3,
  strokes: 75,
  rounds: [75],
  playingHandicap: 12,
  out: 37,
  in: 38,
};
// Local times: the test runs in the machine's own time zone, as the phone would.
const at = (y: number, m: number, d: number, h: number, min = 0) => new Date(y, m - 1, d, h, min);

describe('the next start', () => {
  it('is the earliest start of today or later, and a start earlier today still counts', () => {
    const now = at(2027, 6, 5, 14);
    const list = [
      entry('Lørdagspokalen', 'in_progress', [
        { playedOn: '2027-06-05', startsAt: at(2027, 6, 5, 8, 10).toISOString() },
      ]),
      entry('Klubbmesterskapet', 'closed', [{ playedOn: '2027-06-12', startsAt: at(2027, 6, 12, 9).toISOString() }]),
    ];
    expect(nextStart(list, now)?.entry.tournament.name).toBe('Lørdagspokalen');
    expect(nextStart(list, at(2027, 6, 6, 7))?.entry.tournament.name).toBe('Klubbmesterskapet');
  });

  it('takes the next round of a multi-round tournament, and skips finished and cancelled ones', () => {
    const list = [
      entry('KM', 'in_progress', [
        { playedOn: '2027-06-05', startsAt: at(2027, 6, 5, 8).toISOString() },
        { playedOn: '2027-06-06', startsAt: at(2027, 6, 6, 10).toISOString() },
      ]),
      entry('Avlyst', 'cancelled', [{ playedOn: '2027-06-06', startsAt: at(2027, 6, 6, 7).toISOString() }]),
      entry('Ferdig', 'finished', [{ playedOn: '2027-06-06', startsAt: at(2027, 6, 6, 7).toISOString() }]),
    ];
    const next = nextStart(list, at(2027, 6, 6, 6));
    expect(next?.entry.tournament.name).toBe('KM');
    expect(next?.round.number).toBe(2);
  });

  it('puts a round without a start time after the known starts of its day, and none at all in the past', () => {
    const list = [
      entry('Uten tid', 'open', [{ playedOn: '2027-06-05' }]),
      entry('Med tid', 'closed', [{ playedOn: '2027-06-05', startsAt: at(2027, 6, 5, 16).toISOString() }]),
    ];
    expect(nextStart(list, at(2027, 6, 5, 7))?.entry.tournament.name).toBe('Med tid');
    expect(nextStart([list[0]!], at(2027, 6, 5, 7))?.round.startsAt).toBeNull();
    expect(nextStart(list, at(2027, 6, 6, 7))).toBeNull();
    expect(nextStart([], at(2027, 6, 6, 7))).toBeNull();
  });
});

describe('tournaments beside rounds', () => {
  it('are the ones being played or finished with a result, dated by their last round', () => {
    const list = [
      entry('Åpen', 'open', [{ playedOn: '2027-06-05' }]),
      entry('Pågår', 'in_progress', [{ playedOn: '2027-06-05' }, { playedOn: '2027-06-06' }], row),
      entry('Ferdig', 'finished', [{ playedOn: '2027-05-01' }], row),
      entry('Uten resultat', 'finished', [{ playedOn: '2027-05-01' }]),
    ];
    expect(playedTournaments(list).map((t) => t.tournament.name)).toEqual(['Pågår', 'Ferdig']);
    expect(tournamentDay(list[1]!)).toBe('2027-06-06');
  });
});

describe('a tournament’s result beside rounds', () => {
  const net = entry('KM', 'finished', [{ playedOn: '2027-06-05' }], { ...row, position: 'T2', strokes: 70, toPar: -2 });
  it('says the place, shared or not, and the score as the format counts it', async () => {
    expect(tournamentResultText(net)).toBe('delt 2. plass · 70 netto (−2)');
    await applyLanguage('en');
    expect(tournamentResultText(net, 'en')).toBe('tied 2 · 70 net (−2)');
    await applyLanguage('nb');
    const gross = { ...net, tournament: { ...net.tournament, format: 'stroke_gross' as const } };
    expect(tournamentResultText({ ...gross, result: { ...row, position: '1' } })).toBe('1. plass · 75 slag (+3)');
    const points = { ...net, tournament: { ...net.tournament, format: 'stableford' as const } };
    expect(tournamentResultText({ ...points, result: { ...row, points: 38, thru: 9 } })).toBe(
      '2. plass · 38 poeng etter 9 hull',
    );
  });
  it('says a card not begun is not started, and nothing before play', () => {
    expect(tournamentResultText({ ...net, result: { ...row, thru: 0, rounds: [0], strokes: 0, toPar: 0 } })).toBe(
      'Ikke startet',
    );
    expect(tournamentResultText({ ...net, result: null })).toBeNull();
  });
  it('says the place on a waiting list instead', async () => {
    const waiting = { ...entry('Fullt', 'open', [{ playedOn: '2027-06-05' }]), waitlistPosition: 3 };
    expect(tournamentResultText(waiting)).toBe('Venteliste, nr. 3');
    await applyLanguage('en');
    expect(tournamentResultText(waiting, 'en')).toBe('Waiting list, no. 3');
    await applyLanguage('nb');
  });
});

describe('the day of a start', () => {
  const round = (startsAt: Date | null, playedOn: string) => ({
    number: 1,
    playedOn,
    startsAt: startsAt?.toISOString() ?? null,
    tee: null,
    partners: [],
  });
  it('is today, tomorrow, or the weekday and date', () => {
    const now = at(2027, 6, 5, 7);
    expect(startDayText(round(at(2027, 6, 5, 9), '2027-06-05'), now)).toBe('I dag');
    expect(startDayText(round(null, '2027-06-06'), now)).toBe('I morgen');
    expect(startDayText(round(at(2027, 6, 12, 9), '2027-06-12'), now)).toBe('lørdag 12. juni');
  });
});
