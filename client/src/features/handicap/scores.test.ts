import { describe, expect, it } from 'vitest';
import type { ScoreRecord } from '../../../../shared/schemas/handicap';
import { applyLanguage, loadTexts } from '../../i18n';
import { differentialText, indexPlayedOff, scoreLink, scoreNotes } from './scores';

// The texts the code under test words things with, as its screens load them.
await loadTexts(['handicap', 'rounds']);

function score(overrides: Partial<ScoreRecord> = {}): ScoreRecord {
  return {
    id: 's1',
    playedOn: '2026-05-12',
    holes: 18,
    course: { name: 'Bogstad' },
    tee: { name: 'Gul' },
    round: { id: 'r1' },
    adjustedGross: 94,
    courseRating: 73,
    slope: 125,
    pcc: 0,
    differential: 19,
    counting: true,
    exceptionalReduction: 0,
    attestedBy: { name: 'Mia Markør' },
    ...overrides,
  };
}

describe('the index a player plays off', () => {
  it('is the calculated one only when chosen and there is one', () => {
    expect(indexPlayedOff({ enteredIndex: 18.4, calculatedIndex: 17.2, playsWith: 'calculated' })).toEqual({
      index: 17.2,
      which: 'calculated',
    });
    expect(indexPlayedOff({ enteredIndex: 18.4, calculatedIndex: 17.2, playsWith: 'entered' })).toEqual({
      index: 18.4,
      which: 'entered',
    });
    // Fewer than three scores: no calculated index, so the entered one is played off (decision 0419).
    expect(indexPlayedOff({ enteredIndex: 18.4, calculatedIndex: null, playsWith: 'calculated' })).toEqual({
      index: 18.4,
      which: 'entered',
    });
  });
});

describe('a score in the list', () => {
  it('links to its round, else to the tournament’s public page', () => {
    expect(scoreLink(score())).toBe('/runder/r1');
    expect(scoreLink(score({ round: undefined, tournament: { slug: 'var-2026', name: 'Vårpokalen' } }))).toBe(
      '/t/var-2026',
    );
    expect(scoreLink(score({ round: undefined }))).toBeNull();
  });

  it('writes the differential as an index, a plus one with +, and a lone nine as waiting', () => {
    expect(differentialText(score())).toBe('19,0');
    expect(differentialText(score({ differential: -1.2 }))).toBe('+1,2');
    expect(differentialText(score({ differential: null, holes: 9 }))).toBe('venter');
    expect(differentialText(score({ differential: null, holes: 9, combinedWith: 's2' }))).toBe('–');
  });

  it('notes an exceptional score and a nine-hole score’s pair by the other nine’s date', async () => {
    const other = score({ id: 's2', holes: 9, playedOn: '2026-05-03', differential: null });
    const nine = score({ holes: 9, combinedWith: 's2' });
    expect(scoreNotes(score({ exceptionalReduction: 2 }), [])).toEqual(['Eksepsjonell score: indeksen senket med 2']);
    expect(scoreNotes(nine, [nine, other])).toEqual(['9 hull, slått sammen med 9 hull 3. mai 2026']);
    expect(scoreNotes(score({ holes: 9, differential: null }), [])).toEqual([
      '9 hull: får differanse sammen med neste 9-hullsscore',
    ]);
    expect(scoreNotes(score(), [])).toEqual([]);
    await applyLanguage('en');
    try {
      expect(differentialText(score({ differential: 19.4 }), 'en')).toBe('19.4');
      expect(scoreNotes(nine, [nine, other], 'en')).toEqual(['9 holes, combined with the 9 holes of 3 May 2026']);
      expect(scoreNotes(score({ exceptionalReduction: 1 }), [], 'en')).toEqual([
        'Exceptional score: index lowered by 1',
      ]);
    } finally {
      await applyLanguage('nb');
    }
  });
});
