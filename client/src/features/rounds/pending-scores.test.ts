import { applyLanguage } from '../../i18n';
import { describe, expect, it } from 'vitest';
import {
  conflictText,
  edit,
  refused,
  saved,
  shownStrokes,
  takeDue,
  unanswered,
  withConflict,
  withoutConflict,
  type PendingScores,
} from './pending-scores';

describe('scores typed on this phone', () => {
  it('are shown at once, remember what the server held before the edit, and give way to the server once saved', () => {
    let pending = edit({}, 'p1', 3, 5, null);
    expect(shownStrokes(pending, 'p1', 3, null)).toBe(5);
    expect(shownStrokes(pending, 'p1', 4, 6)).toBe(6);
    expect(pending['p1:3']).toMatchObject({ previous: null, strokes: 5, sending: false });
    const due = takeDue(pending);
    expect(due.operations).toEqual([{ participantId: 'p1', hole: 3, previous: null, strokes: 5 }]);
    pending = saved(due.pending, due.operations[0]!);
    expect(pending).toEqual({});
    expect(shownStrokes(edit({}, 'p1', 3, null, 5), 'p1', 3, 5)).toBeNull();
  });

  it('are each their own operation: two players scored at once are each cleared by their own answer', () => {
    const typed = edit(edit({}, 'p1', 1, 4, null), 'p2', 1, 5, null);
    const { operations, pending } = takeDue(typed);
    expect(operations).toHaveLength(2);
    // The answers may come in any order; neither waits for the other.
    const afterSecond = saved(pending, operations[1]!);
    expect(Object.keys(afterSecond)).toEqual(['p1:1']);
    expect(saved(afterSecond, operations[0]!)).toEqual({});
  });

  it('send one request per hole at a time; an edit made meanwhile goes next, from the value just confirmed', () => {
    const first = takeDue(edit({}, 'p1', 2, 4, null));
    let pending = edit(first.pending, 'p1', 2, 5, null);
    expect(takeDue(pending).operations).toEqual([]);
    pending = saved(pending, first.operations[0]!);
    expect(pending['p1:2']).toMatchObject({ previous: 4, strokes: 5, sending: false });
    expect(takeDue(pending).operations).toEqual([{ participantId: 'p1', hole: 2, previous: 4, strokes: 5 }]);
  });

  it('keep the value first seen through several edits, and drop an edit that goes back to it', () => {
    let pending = edit({}, 'p1', 2, 5, 4);
    pending = edit(pending, 'p1', 2, 6, 4);
    expect(pending['p1:2']).toMatchObject({ previous: 4, strokes: 6 });
    expect(edit(pending, 'p1', 2, 4, 4)).toEqual({});
    expect(edit({}, 'p1', 2, 4, 4)).toEqual({});
  });

  it('stay to be sent again when unanswered, and are dropped when refused', () => {
    const { operations, pending } = takeDue(edit({}, 'p1', 1, 4, null));
    const kept: PendingScores = unanswered(pending, operations[0]!);
    expect(kept['p1:1']).toMatchObject({ strokes: 4, sending: false });
    expect(takeDue(kept).operations).toEqual(operations);
    expect(refused(pending, operations[0]!)).toEqual({});
  });
});

describe('a score another phone changed first', () => {
  it('is told with the player, the hole, the newer value and the one that was not saved', async () => {
    const conflict = { participantId: 'p1', hole: 3, mine: 5 };
    expect(conflictText('Frode Venn', conflict, 6)).toBe(
      'Frode Venn, hull 3: en annen telefon førte 6 slag før din endring kom fram, så 5 slag ble ikke lagret. Før inn på nytt om ditt var riktig.',
    );
    expect(conflictText('Frode Venn', { ...conflict, mine: null }, null)).toContain('førte ingen score');
    await applyLanguage('en');
    expect(conflictText('Frode Venn', conflict, 6, 'en')).toMatch(
      /^Frode Venn, hole \d+: another phone entered 6 strokes/,
    );
  });

  it('replaces an older notice for the same hole and is cleared by a new edit of it', () => {
    const a = withConflict([], { participantId: 'p1', hole: 3, mine: 5 });
    const b = withConflict(a, { participantId: 'p1', hole: 3, mine: 7 });
    expect(b).toEqual([{ participantId: 'p1', hole: 3, mine: 7 }]);
    expect(withoutConflict(withConflict(b, { participantId: 'p2', hole: 3, mine: 4 }), 'p1', 3)).toEqual([
      { participantId: 'p2', hole: 3, mine: 4 },
    ]);
  });
});
