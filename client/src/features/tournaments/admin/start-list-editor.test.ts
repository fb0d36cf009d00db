import { describe, expect, it } from 'vitest';
import type { DraftGroup } from '../start-list';
import { initialStartListEditor, intervalMinutes, startListEditorReducer } from './start-list-editor';

const group: DraftGroup = { startsAt: '2026-06-01T06:00:00.000Z', tee: 1, entryIds: ['e1', 'e2'] };

describe('the start-list editor', () => {
  it('starts on the given round showing the saved list, first start 08:00, every 10 minutes, fourballs from tee 1', () => {
    expect(initialStartListEditor(2)).toEqual({
      roundNumber: 2,
      edited: null,
      first: '08:00',
      interval: '10',
      groupSize: '4',
      tees: 'one',
    });
  });

  it('throws edits away when another round is chosen, and keeps the settings', () => {
    let state = startListEditorReducer(initialStartListEditor(1), { type: 'setTees', tees: 'two' });
    state = startListEditorReducer(state, { type: 'edit', groups: [group] });
    expect(state.edited).toEqual([group]);
    state = startListEditorReducer(state, { type: 'chooseRound', roundNumber: 2 });
    expect(state).toMatchObject({ roundNumber: 2, edited: null, tees: 'two' });
  });

  it('shows the saved list again once the edits are saved, generated over or discarded', () => {
    const edited = startListEditorReducer(initialStartListEditor(1), { type: 'edit', groups: [group] });
    expect(startListEditorReducer(edited, { type: 'showSaved' }).edited).toBeNull();
  });

  it('keeps only digits of the interval, two at the most', () => {
    const state = startListEditorReducer(initialStartListEditor(1), { type: 'setInterval', interval: '1a23' });
    expect(state.interval).toBe('12');
  });

  it('uses 1 to 60 minutes between starts, 10 when the field is empty', () => {
    expect(intervalMinutes({ interval: '' })).toBe(10);
    expect(intervalMinutes({ interval: '0' })).toBe(10);
    expect(intervalMinutes({ interval: '8' })).toBe(8);
    expect(intervalMinutes({ interval: '99' })).toBe(60);
  });

  it('changes the first start, the group size and the tees as chosen', () => {
    let state = startListEditorReducer(initialStartListEditor(1), { type: 'setFirst', first: '07:30' });
    state = startListEditorReducer(state, { type: 'setGroupSize', groupSize: '3' });
    state = startListEditorReducer(state, { type: 'setTees', tees: 'two' });
    expect(state).toMatchObject({ first: '07:30', groupSize: '3', tees: 'two', edited: null });
  });
});
