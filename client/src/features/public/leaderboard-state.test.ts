import { describe, expect, it } from 'vitest';
import type { LeaderboardRowView, LeaderboardView } from '../../../../shared/schemas/tournaments';
import { applyLeaderboardUpdate, positionNumber } from './leaderboard-state';

const row = (entryId: string, position: string, toPar: number): LeaderboardRowView => ({
  position,
  entryId,
  name: entryId.toUpperCase(),
  thru: 1,
  toPar,
  strokes: 4 + toPar,
  rounds: [4 + toPar],
  playingHandicap: 0,
  out: 4 + toPar,
  in: null,
});

const board: LeaderboardView = {
  divisions: [
    { id: 'd1', name: 'Herrer', rows: [row('a', '1', -1), row('b', 'T2', 0), row('c', 'T2', 0)] },
    { id: 'd2', name: 'Damer', rows: [row('x', '1', 0)] },
  ],
  updatedAt: '2026-06-01T08:00:00.000Z',
};

describe('the live leaderboard', () => {
  it('reads positions with ties', () => {
    expect(positionNumber('1')).toBe(1);
    expect(positionNumber('T12')).toBe(12);
    expect(positionNumber('?')).toBe(Number.MAX_SAFE_INTEGER);
  });

  it('a snapshot replaces everything', () => {
    const next = { divisions: [], updatedAt: 'later' };
    expect(applyLeaderboardUpdate(board, { kind: 'snapshot', leaderboard: next })).toBe(next);
    expect(applyLeaderboardUpdate(undefined, { kind: 'snapshot', leaderboard: next })).toBe(next);
  });

  it('a row replaced whole: a tie-break’s word comes with it and leaves with it', () => {
    const decided = applyLeaderboardUpdate(board, {
      kind: 'rows',
      rows: [
        { ...row('b', '2', 0), decidedBy: 'last_9', divisionId: 'd1' },
        { ...row('c', '3', 0), decidedBy: 'last_9', divisionId: 'd1' },
      ],
      updatedAt: 'later',
    });
    expect(decided!.divisions[0]!.rows.map((r) => [r.position, r.entryId, r.decidedBy])).toEqual([
      ['1', 'a', undefined],
      ['2', 'b', 'last_9'],
      ['3', 'c', 'last_9'],
    ]);
    // A correction ties them again: the rows come without decidedBy, and the board shows none.
    const again = applyLeaderboardUpdate(decided, {
      kind: 'rows',
      rows: [
        { ...row('b', 'T2', 0), divisionId: 'd1' },
        { ...row('c', 'T2', 0), divisionId: 'd1' },
      ],
      updatedAt: 'later still',
    });
    expect(again!.divisions[0]!.rows.some((r) => 'decidedBy' in r)).toBe(false);
  });

  it('rows replace their entry’s row in their division and the division is ordered by position', () => {
    const next = applyLeaderboardUpdate(board, {
      kind: 'rows',
      rows: [
        { ...row('c', '1', -2), divisionId: 'd1' },
        { ...row('a', '2', -1), divisionId: 'd1' },
      ],
      updatedAt: '2026-06-01T08:05:00.000Z',
    })!;
    expect(next.divisions[0]!.rows.map((r) => [r.entryId, r.position])).toEqual([
      ['c', '1'],
      ['a', '2'],
      ['b', 'T2'],
    ]);
    expect(next.divisions[1]).toEqual(board.divisions[1]);
    expect(next.updatedAt).toBe('2026-06-01T08:05:00.000Z');
    // The board held is not changed in place.
    expect(board.divisions[0]!.rows.map((r) => r.entryId)).toEqual(['a', 'b', 'c']);
  });

  it('an entry moved to another division leaves the first and joins the second', () => {
    const next = applyLeaderboardUpdate(board, {
      kind: 'rows',
      rows: [{ ...row('b', '2', 0), divisionId: 'd2' }],
      removed: [{ divisionId: 'd1', entryId: 'b' }],
      updatedAt: 'later',
    })!;
    expect(next.divisions[0]!.rows.map((r) => r.entryId)).toEqual(['a', 'c']);
    expect(next.divisions[1]!.rows.map((r) => r.entryId)).toEqual(['x', 'b']);
  });

  it('rows before anything is known change nothing; a new division is added', () => {
    expect(applyLeaderboardUpdate(undefined, { kind: 'rows', rows: [], updatedAt: 'x' })).toBeUndefined();
    const next = applyLeaderboardUpdate(board, {
      kind: 'rows',
      rows: [{ ...row('n', '1', 0), divisionId: 'd3' }],
      updatedAt: 'x',
    })!;
    expect(next.divisions.map((d) => d.id)).toEqual(['d1', 'd2', 'd3']);
  });
});
