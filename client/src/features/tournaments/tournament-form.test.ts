import { describe, expect, it } from 'vitest';
import { applyLanguage, i18n, loadTexts } from '../../i18n';
import type { TournamentView } from '../../../../shared/schemas/tournaments';
import {
  allowanceHint,
  formatHint,
  formOf,
  showsAllowance,
  teamSizeChoices,
  withFormat,
  newTournamentForm,
  tieBreakHint,
  toTournamentFields,
  toUpdateChanges,
  type TournamentForm,
} from './tournament-form';

// The texts the code under test words things with, as its screens load them.
await loadTexts(['tournaments']);

const t = i18n.getFixedT('nb');

const course = {
  id: 'c1',
  name: 'Bogstad',
  kind: 'official' as const,
  clubName: 'Oslo GK',
  holeCount: 18,
  tees: [{ id: 't1', name: 'Gul', color: null, par: 72, lengthMeters: 5800 }],
};

function filled(): TournamentForm {
  return {
    ...newTournamentForm('2026-06-01', t),
    name: 'Vårcupen',
    course,
    divisions: [{ name: 'A', teeId: 't1', min: '', max: '18,4' }],
  };
}

/** A tournament of the club's as the server answers it: open, public, net stroke play on one round, unless `changes`. */
function tournamentView(changes: Partial<TournamentView>): TournamentView {
  return {
    id: 't',
    organizationId: 'o',
    organization: { id: 'o', name: 'Klubben' },
    slug: 't',
    status: 'open',
    entryCount: 0,
    waitlistCount: 0,
    teamSize: 1,
    name: 'Turnering',
    visibility: 'public',
    format: 'stroke_net',
    allowancePercent: 95,
    tieBreak: 'countback',
    rounds: [{ number: 1, courseId: 'c1', playedOn: '2026-06-01' }],
    divisions: [{ id: 'd1', name: 'A', teeId: 't1' }],
    ...changes,
  };
}

describe('the tournament form', () => {
  it('makes TournamentInput fields: one round per date on the chosen course, indexes read as golfers write them', () => {
    const form = {
      ...filled(),
      dates: ['2026-06-01', '2026-06-02'],
      maxIndex: '+1,0',
      entryLimit: '40',
      allowance: '',
    };
    const result = toTournamentFields(form, t);
    expect(result).toEqual({
      ok: true,
      value: {
        name: 'Vårcupen',
        visibility: 'public',
        format: 'stableford',
        tieBreak: 'countback',
        maxHandicapIndex: -1,
        entryLimit: 40,
        rounds: [
          { number: 1, courseId: 'c1', playedOn: '2026-06-01' },
          { number: 2, courseId: 'c1', playedOn: '2026-06-02' },
        ],
        divisions: [{ name: 'A', teeId: 't1', maxHandicapIndex: 18.4 }],
      },
    });
  });

  it('offers countback first, with one line on what the chosen tie-break does', () => {
    expect(newTournamentForm('2026-06-01', t).tieBreak).toBe('countback');
    expect(tieBreakHint('countback', t)).toBe(
      'Siste runde, så siste 9, 6, 3 og 1 hull, så de siste 6, 3 og 1 av første ni.',
    );
    expect(tieBreakHint('shared', t)).toBe('Likt resultat gir delt plass; klubben kan avgjøre med omspill.');
    const shared = toTournamentFields({ ...filled(), tieBreak: 'shared' }, t);
    expect(shared.ok && shared.value.tieBreak).toBe('shared');
  });

  it('says at the field what it cannot read, with the server’s paths', () => {
    const result = toTournamentFields(
      {
        ...filled(),
        course: null,
        entryLimit: 'mange',
        divisions: [{ name: 'A', teeId: '', min: 'x', max: '' }],
      },
      t,
    );
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.fields.course).toBe('Velg banen turneringen spilles på.');
    expect(Object.keys(result.fields).sort()).toEqual([
      'course',
      'divisions.0.minHandicapIndex',
      'divisions.0.teeId',
      'entryLimit',
    ]);
  });

  it('says it in English too', async () => {
    await applyLanguage('en');
    const en = i18n.getFixedT('en');
    expect(newTournamentForm('2026-06-01', en).divisions[0]!.name).toBe('Open division');
    const result = toTournamentFields({ ...filled(), course: null, entryLimit: 'many' }, en);
    expect(result).toMatchObject({
      ok: false,
      fields: {
        course: 'Choose the course the tournament is played on.',
        entryLimit: 'The number of places is a whole number.',
      },
    });
    expect(allowanceHint('stroke_gross', en)).toBe('Empty: 100 % (standard for gross).');
    expect(tieBreakHint('lowest_handicap', en)).toBe('The lower playing handicap first, then countback.');
    await applyLanguage('nb');
  });

  it('round-trips a tournament and leaves out what may not change once play has started', () => {
    const view = tournamentView({
      slug: 'v',
      status: 'in_progress',
      entryCount: 2,
      name: 'Vårcupen',
      visibility: 'members',
      tieBreak: 'lowest_handicap',
      divisions: [{ id: 'd1', name: 'A', teeId: 't1', maxHandicapIndex: 18.4 }],
    });
    const form = formOf(view, course, 'nb');
    expect(form.divisions[0]).toEqual({ id: 'd1', name: 'A', teeId: 't1', min: '', max: '18,4' });
    const fields = toTournamentFields(form, t);
    if (!fields.ok) throw new Error('form not valid');
    expect(toUpdateChanges(fields.value, true)).toEqual({
      name: 'Vårcupen',
      description: null,
      visibility: 'members',
      maxHandicapIndex: null,
      entryLimit: null,
      entriesCloseAt: null,
    });
    expect(toUpdateChanges(fields.value, false)).toMatchObject({
      format: 'stroke_net',
      allowancePercent: 95,
      tieBreak: 'lowest_handicap',
      divisions: [{ id: 'd1' }],
    });
  });

  it('offers the team formats with their allowance in a line, a size where there is a choice, and no allowance in one ball', () => {
    expect(formatHint('fourball_stroke', t)).toBe(
      'To på lag, hver med sin ball og 85 % av banehandicapet. Lagets beste netto på hullet teller.',
    );
    expect(formatHint('foursomes', t)).toContain('50 % av de to banehandicapene samlet');
    expect(formatHint('greensomes', t)).toContain('60 % av laveste + 40 % av høyeste');
    expect(formatHint('scramble', t)).toContain('35 % av laveste + 15 % av høyeste; fire: 25/20/15/10 %');
    expect(formatHint('scramble', t, 2)).toBe(
      'To på lag spiller fra beste ball. Laget får 35 % av laveste + 15 % av høyeste banehandicap.',
    );
    expect(formatHint('scramble', t, 4)).toContain('25, 20, 15 og 10 %');
    expect(allowanceHint('fourball_stableford', t)).toBe(
      'Tom: 85 % av hver spillers banehandicap (standard for bestball).',
    );
    expect(teamSizeChoices('scramble')).toEqual([2, 4]);
    expect(teamSizeChoices('greensomes')).toEqual([]);
    expect(teamSizeChoices('stableford')).toEqual([]);
    expect([showsAllowance('fourball_stroke'), showsAllowance('foursomes'), showsAllowance('scramble')]).toEqual([
      true,
      false,
      false,
    ]);

    // Choosing scramble makes teams of two, a four kept while it stays scramble; an individual format has one.
    const typed = { ...filled(), allowance: '90' };
    const scramble = withFormat(typed, 'scramble');
    expect([scramble.teamSize, scramble.allowance]).toEqual([2, '']);
    const four = { ...scramble, teamSize: 4 };
    expect(toTournamentFields(four, t)).toMatchObject({ ok: true, value: { format: 'scramble', teamSize: 4 } });
    const sent = toTournamentFields(four, t);
    expect(sent.ok && 'allowancePercent' in sent.value).toBe(false);
    expect(withFormat(four, 'fourball_stroke').teamSize).toBe(2);
    expect(withFormat(four, 'stroke_net').teamSize).toBe(1);
    const individual = toTournamentFields(withFormat(four, 'stroke_net'), t);
    expect(individual.ok && 'teamSize' in individual.value).toBe(false);
    // An allowance typed in four-ball goes as typed.
    expect(toTournamentFields({ ...withFormat(typed, 'fourball_stroke') }, t)).toMatchObject({
      ok: true,
      value: { teamSize: 2, allowancePercent: 90 },
    });
  });

  it('reads a scramble four back without its fixed 100 %, and fixes its size once play has started', () => {
    const view = tournamentView({
      slug: 's',
      teamSize: 4,
      name: 'Scramble',
      format: 'scramble',
      allowancePercent: 100,
    });
    const form = formOf(view, course, 'nb');
    expect([form.teamSize, form.allowance]).toEqual([4, '']);
    const fields = toTournamentFields(form, t);
    if (!fields.ok) throw new Error('form not valid');
    expect(toUpdateChanges(fields.value, false)).toMatchObject({ format: 'scramble', teamSize: 4 });
    expect((toUpdateChanges(fields.value, false) as { allowancePercent?: number }).allowancePercent).toBeUndefined();
    expect('teamSize' in toUpdateChanges(fields.value, true)).toBe(false);
  });

  it('explains the team formats in English too', async () => {
    await applyLanguage('en');
    const en = i18n.getFixedT('en');
    expect(formatHint('foursomes', en)).toBe(
      'Teams of two play alternate shots with one ball. The team receives 50 % of the two course handicaps combined.',
    );
    expect(en('tournaments.form.teamSizeOption', { count: 4 })).toBe('4 players');
    await applyLanguage('nb');
  });
});

describe('the closing time of entries on Norway’s clock (decision 0432)', () => {
  it('reads the typed time as Norway’s and shows a saved one as it was typed, whatever the phone’s zone', () => {
    const typed = toTournamentFields({ ...filled(), closesAt: '2026-05-30T18:00' }, t);
    if (!typed.ok) throw new Error('form not valid');
    // 18:00 in Norway's summer time is 16:00 UTC.
    expect(typed.value.entriesCloseAt).toBe('2026-05-30T16:00:00.000Z');
    const view = tournamentView({ slug: 'v', status: 'open', entriesCloseAt: '2026-05-30T16:00:00.000Z' });
    expect(formOf(view, course, 'nb').closesAt).toBe('2026-05-30T18:00');
  });

  it('asks for a date and a time when the field holds neither', () => {
    const typed = toTournamentFields({ ...filled(), closesAt: 'i morgen' }, t);
    expect(typed.ok).toBe(false);
    if (!typed.ok) expect(typed.fields.entriesCloseAt).toBe(t('tournaments.form.chooseDateTime'));
  });
});
