import { describe, expect, it } from 'vitest';
import { applyLanguage, i18n, loadTexts } from '../../i18n';
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
  startText,
} from './tournament';

// The texts the code under test words things with, as its screens load them.
await loadTexts(['tournaments']);

const t = i18n.getFixedT('nb');

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
    expect(STATUS_NAME.nb.open).toBe('Åpen for påmelding');
    expect(movesFrom('draft', t).map((m) => m.to)).toEqual(['open', 'cancelled']);
    expect(movesFrom('closed', t).map((m) => m.label)).toEqual(['Start turneringen', 'Avlys turneringen']);
    expect(movesFrom('in_progress', t).find((m) => m.to === 'finished')!.danger).toBe(true);
    expect(movesFrom('finished', t)).toEqual([]);
    for (const move of movesFrom('open', t)) expect(move.confirm.length).toBeGreaterThan(20);
    expect(confirmQuestion(movesFrom('draft', t)[1]!, 'Vårcupen', t)).toBe('Avlys turneringen «Vårcupen»?');
  });

  it('offers entering only while open and before the deadline; a full field offers the waiting list', () => {
    const now = new Date('2026-05-01T12:00:00Z');
    expect(selfEntry({ status: 'open', entryCount: 3 }, now, t)).toEqual({ ok: true });
    expect(selfEntry({ status: 'draft', entryCount: 0 }, now, t)).toMatchObject({
      ok: false,
      reason: 'Påmeldingen er ikke åpnet ennå.',
    });
    expect(selfEntry({ status: 'closed', entryCount: 0 }, now, t)).toMatchObject({ ok: false });
    expect(selfEntry({ status: 'open', entryCount: 0, entriesCloseAt: '2026-05-01T11:59:00Z' }, now, t)).toMatchObject({
      reason: 'Påmeldingsfristen er ute.',
    });
    expect(selfEntry({ status: 'open', entryCount: 4, entryLimit: 4 }, now, t)).toEqual({
      ok: true,
      waiting: 'Feltet er fullt. Melder du deg på, kommer du på ventelisten og får e-post om en plass blir ledig.',
    });
    expect(canWithdrawSelf('closed')).toBe(true);
    expect(canWithdrawSelf('in_progress')).toBe(false);
  });
});

describe('the tournament texts in English', () => {
  it('names the states, the moves, why one cannot enter and the start', async () => {
    await applyLanguage('en');
    const en = i18n.getFixedT('en');
    expect(STATUS_NAME.en.open).toBe('Open for entries');
    expect(movesFrom('closed', en).map((m) => m.label)).toEqual(['Start the tournament', 'Cancel the tournament']);
    expect(confirmQuestion(movesFrom('draft', en)[1]!, 'Vårcupen', en)).toBe('Cancel the tournament “Vårcupen”?');
    expect(selfEntry({ status: 'open', entryCount: 4, entryLimit: 4 }, new Date(), en)).toMatchObject({
      waiting: 'The field is full. If you enter, you go on the waiting list and get an e-mail if a place comes free.',
    });
    // 06:10 UTC on 1 May is 08:10 in Norway's summer time, whatever zone this machine is in.
    const at = '2026-05-01T06:10:00.000Z';
    expect(startText(at, 10, en)).toBe('08:10 from tee 10');
    expect(startText(at, 1, t)).toBe('kl. 08:10 fra tee 1');
    await applyLanguage('nb');
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
