import type { DraftGroup } from '../start-list';

/**
 * The start-list editor's own state (pure: no React, no server). What is saved lives on the server; this
 * holds the round being looked at, the generator's settings as typed, and an edited list until it is saved
 * or discarded. `edited: null` means the saved list is shown.
 */
export interface StartListEditorState {
  roundNumber: number;
  edited: DraftGroup[] | null;
  /** The first start as the time field gives it ("08:00"). */
  first: string;
  /** The interval in minutes as typed: digits only, at most two. */
  interval: string;
  groupSize: '2' | '3' | '4';
  tees: 'one' | 'two';
}

export type StartListEditorAction =
  | { type: 'chooseRound'; roundNumber: number }
  | { type: 'setFirst'; first: string }
  | { type: 'setInterval'; interval: string }
  | { type: 'setGroupSize'; groupSize: StartListEditorState['groupSize'] }
  | { type: 'setTees'; tees: StartListEditorState['tees'] }
  | { type: 'edit'; groups: DraftGroup[] }
  /** The edits are thrown away, or the server now has a new list (saved or generated): show the saved one. */
  | { type: 'showSaved' };

/** When the interval field is empty or nonsense, the generator uses this many minutes. */
export const DEFAULT_INTERVAL_MINUTES = 10;
const MAX_INTERVAL_MINUTES = 60;

export const GROUP_SIZES: readonly StartListEditorState['groupSize'][] = ['2', '3', '4'];

export function initialStartListEditor(roundNumber: number): StartListEditorState {
  return { roundNumber, edited: null, first: '08:00', interval: '10', groupSize: '4', tees: 'one' };
}

export function startListEditorReducer(
  state: StartListEditorState,
  action: StartListEditorAction,
): StartListEditorState {
  switch (action.type) {
    case 'chooseRound':
      // Edits belong to the round they were made on: another round starts from its saved list.
      return { ...state, roundNumber: action.roundNumber, edited: null };
    case 'setFirst':
      return { ...state, first: action.first };
    case 'setInterval':
      return { ...state, interval: action.interval.replace(/\D/g, '').slice(0, 2) };
    case 'setGroupSize':
      return { ...state, groupSize: action.groupSize };
    case 'setTees':
      return { ...state, tees: action.tees };
    case 'edit':
      return { ...state, edited: action.groups };
    case 'showSaved':
      return { ...state, edited: null };
  }
}

/** The interval the generator and the moves use: 1 to 60 minutes, the default when nothing usable is typed. */
export function intervalMinutes(state: Pick<StartListEditorState, 'interval'>): number {
  return Math.max(1, Math.min(MAX_INTERVAL_MINUTES, Number(state.interval) || DEFAULT_INTERVAL_MINUTES));
}
