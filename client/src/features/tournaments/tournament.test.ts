import { describe, expect, it } from 'vitest';
import type { EntryView } from '../../../../shared/schemas/tournaments';
import {
  canWithdrawSelf,
  confirmQuestion,
  currentRound,
  fold,
  groupOf,
  memberMatches,
  movesFrom,
  myEntry,
  selfEntry,
  STATUS_NAME,
} from './tournament';

const entry = (id: string, userId: string | undefined, groups: EntryView['groups'] = []): EntryView => ({
  id,
  division: { id: 'd1', name: 'Åpen' },
  player: { ...(userId ? { userId } : {}), name: id },
  handicapIndex: 10,
  courseHandicap: 11,
  playingHandicap: 10,
  groups,
});

describe('tournament states', () => {
  it('names every state in Norwegian and offers exactly the server’s moves, each with its confirmation', () => {
    expect(STATUS_NAME.open).toBe('Åpen for påmelding');
    expect(movesFrom('draft').map((m) => m.to)).toEqual(['open', 'cancelled']);
    expect(movesFrom('closed').map((m) => m.label)).toEqual(['Start turneringen', 'Avlys turneringen']);
    expect(movesFrom('in_progress').find((m) => m.to === 'finished')!.danger).toBe(true);
    expect(movesFrom('finished')).toEqual([]);
    for (const move of movesFrom('open')) expect(move.confirm.length).toBeGreaterThan(20);
    expect(confirmQuestion(movesFrom('draft')[1]!, 'Vårcupen')).toBe('Avlys turneringen «Vårcupen»?');
  });

  it('offers entering only while open, before the deadline and with room', () => {
    const now = new Date('2026-05-01T12:00:00Z');
    expect(selfEntry({ status: 'open', entryCount: 3 }, now)).toEqual({ ok: true });
    expect(selfEntry({ status: 'draft', entryCount: 0 }, now)).toMatchObject({
      ok: false,
      reason: 'Påmeldingen er ikke åpnet ennå.',
    });
    expect(selfEntry({ status: 'closed', entryCount: 0 }, now)).toMatchObject({ ok: false });
    expect(selfEntry({ status: 'open', entryCount: 0, entriesCloseAt: '2026-05-01T11:59:00Z' }, now)).toMatchObject({
      reason: 'Påmeldingsfristen er ute.',
    });
    expect(selfEntry({ status: 'open', entryCount: 4, entryLimit: 4 }, now)).toMatchObject({
      reason: 'Turneringen er full.',
    });
    expect(canWithdrawSelf('closed')).toBe(true);
    expect(canWithdrawSelf('in_progress')).toBe(false);
  });
});

describe('my entry and group', () => {
  it('finds my entry and the others starting with me in a round, me first', () => {
    const at = { round: 1, startsAt: '2026-05-01T08:00:00.000Z', tee: 1 as const };
    const entries = [
      entry('a', 'u1', [at]),
      entry('b', 'u2', [at]),
      entry('c', undefined, [{ ...at, tee: 10 }]),
      entry('d', 'u4', [at]),
    ];
    const mine = myEntry(entries, 'u2')!;
    expect(mine.id).toBe('b');
    expect(groupOf(entries, mine, 1)!.entries.map((e) => e.id)).toEqual(['b', 'a', 'd']);
    expect(groupOf(entries, mine, 2)).toBeNull();
  });

  it('opens the first round from today on, else the last', () => {
    const rounds = [
      { number: 2, playedOn: '2026-06-02' },
      { number: 1, playedOn: '2026-06-01' },
    ];
    expect(currentRound(rounds, '2026-05-30')).toBe(1);
    expect(currentRound(rounds, '2026-06-02')).toBe(2);
    expect(currentRound(rounds, '2026-07-01')).toBe(2);
  });
});

describe('adding a member by search', () => {
  const members = [
    { userId: 'u1', name: 'Åse Sørensen', email: 'ase@example.no' },
    { userId: 'u2', name: 'Per Hansen', email: 'per@example.no' },
    { userId: 'u3', name: null, email: 'anonym@example.no' },
  ];
  it('matches every typed word in name or e-mail, æøå and case folded, leaving out those entered', () => {
    expect(fold('Åse Sørensen')).toBe('ase sorensen');
    expect(memberMatches(members, 'ase sor', new Set()).map((m) => m.userId)).toEqual(['u1']);
    expect(memberMatches(members, 'example', new Set(['u2'])).map((m) => m.userId)).toEqual(['u1', 'u3']);
    expect(memberMatches(members, '  ', new Set())).toEqual([]);
  });
});
