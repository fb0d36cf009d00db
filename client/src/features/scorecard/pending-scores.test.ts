import { applyLanguage, loadTexts } from '../../i18n';
import { describe, expect, it } from 'vitest';
import {
  afterConflict,
  conflictText,
  withSaved,
  edit,
  refused,
  saved,
  shownStrokes,
  takeNext,
  unanswered,
  withConflict,
  withoutConflict,
  type PendingScores,
} from './pending-scores';

// The texts the code under test words things with, as its screens load them.
await loadTexts(['rounds']);

describe('scores typed on this phone', () => {
  it('are shown at once, remember what the server held before the edit, and give way to the server once saved', () => {
    let pending = edit({}, 'p1', 3, 5, null);
    expect(shownStrokes(pending, 'p1', 3, null)).toBe(5);
    expect(shownStrokes(pending, 'p1', 4, 6)).toBe(6);
    expect(pending['p1:3']).toMatchObject({ previous: null, strokes: 5, sending: false });
    const due = takeNext(pending);
    expect(due.operation).toEqual({ participantId: 'p1', hole: 3, previous: null, strokes: 5 });
    pending = saved(due.pending, due.operation!);
    expect(pending).toEqual({});
    expect(shownStrokes(edit({}, 'p1', 3, null, 5), 'p1', 3, 5)).toBeNull();
  });

  it('are each their own operation, sent one at a time in the order first typed, each cleared by its own answer', () => {
    let pending = edit(edit(edit({}, 'p2', 2, 5, null), 'p1', 1, 4, null), 'p3', 1, 6, null);
    // A later edit of the first hole keeps its place in the queue.
    pending = edit(pending, 'p2', 2, 7, null);
    const sent: string[] = [];
    for (;;) {
      const next = takeNext(pending);
      if (!next.operation) break;
      expect(takeNext(next.pending).operation).toBeNull();
      sent.push(`${next.operation.participantId}:${next.operation.strokes}`);
      pending = saved(next.pending, next.operation);
    }
    expect(sent).toEqual(['p2:7', 'p1:4', 'p3:6']);
    expect(pending).toEqual({});
  });

  it('send one request at a time; an edit made meanwhile goes next, from the value just confirmed', () => {
    const first = takeNext(edit({}, 'p1', 2, 4, null));
    let pending = edit(first.pending, 'p1', 2, 5, null);
    expect(takeNext(pending).operation).toBeNull();
    pending = saved(pending, first.operation!);
    expect(pending['p1:2']).toMatchObject({ previous: 4, strokes: 5, sending: false });
    expect(takeNext(pending).operation).toEqual({ participantId: 'p1', hole: 2, previous: 4, strokes: 5 });
  });

  it('read back from the phone come first, in their order, and none is taken as on the way', () => {
    const stored = takeNext(edit(edit({}, 'p1', 1, 4, null), 'p1', 2, 5, null)).pending;
    const typedMeanwhile = edit({}, 'p2', 1, 6, null);
    let pending = withSaved(typedMeanwhile, stored);
    const order: number[] = [];
    for (let next = takeNext(pending); next.operation; next = takeNext(pending)) {
      order.push(next.operation.strokes!);
      pending = saved(next.pending, next.operation);
    }
    expect(order).toEqual([4, 5, 6]);
  });

  it('keep the value first seen through several edits, and drop an edit that goes back to it', () => {
    let pending = edit({}, 'p1', 2, 5, 4);
    pending = edit(pending, 'p1', 2, 6, 4);
    expect(pending['p1:2']).toMatchObject({ previous: 4, strokes: 6 });
    expect(edit(pending, 'p1', 2, 4, 4)).toEqual({});
    expect(edit({}, 'p1', 2, 4, 4)).toEqual({});
  });

  it('stay to be sent again when unanswered, and are dropped when refused', () => {
    const { operation, pending } = takeNext(edit({}, 'p1', 1, 4, null));
    const kept: PendingScores = unanswered(pending, operation!);
    expect(kept['p1:1']).toMatchObject({ strokes: 4, sending: false });
    expect(takeNext(kept).operation).toEqual(operation);
    expect(refused(pending, operation!)).toEqual({});
  });
});

describe('a score whose answer was lost', () => {
  it('is not taken for a conflict when the player typed again and the lost request had been written', () => {
    // 4 went and no answer came (it was written: the network dropped on the way back); then 5 was typed.
    let step = takeNext(edit({}, 'p1', 1, 4, null));
    let pending = edit(unanswered(step.pending, step.operation!), 'p1', 1, 5, null);
    step = takeNext(pending);
    expect(step.operation).toEqual({ participantId: 'p1', hole: 1, previous: null, strokes: 5 });
    // The server holds 4, not the empty hole the request names: 409. It goes again from 4.
    pending = afterConflict(step.pending, step.operation!)!;
    expect(takeNext(pending).operation).toEqual({ participantId: 'p1', hole: 1, previous: 4, strokes: 5 });
    // Refused once more: another phone after all, with nothing of this phone's left to try.
    step = takeNext(pending);
    expect(afterConflict(step.pending, step.operation!)).toBeNull();
  });

  it('still sends a return to the value first seen, since the lost request may have changed the hole', () => {
    const step = takeNext(edit({}, 'p1', 1, 4, null));
    const pending = edit(unanswered(step.pending, step.operation!), 'p1', 1, null, null);
    expect(takeNext(pending).operation).toEqual({ participantId: 'p1', hole: 1, previous: null, strokes: null });
  });

  it('forgets the values in doubt once an answer confirms what the server holds', () => {
    let step = takeNext(edit({}, 'p1', 1, 4, null));
    let pending = edit(unanswered(step.pending, step.operation!), 'p1', 1, 5, null);
    step = takeNext(pending);
    pending = edit(step.pending, 'p1', 1, 6, null);
    pending = saved(pending, step.operation!);
    expect(pending['p1:1']).toEqual({ participantId: 'p1', hole: 1, previous: 5, strokes: 6, sending: false, seq: 1 });
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
    expect(conflictText('Frode Venn', { ...conflict, mine: 1 }, 2, 'en')).toMatch(
      /entered 2 strokes .* so 1 stroke was/,
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
