import { describe, expect, it } from 'vitest';
import { applyLanguage, i18n, loadTexts } from '../../i18n';
import {
  clashes,
  entriesPerGroup,
  groupsFromEntries,
  hasRoom,
  moveEntry,
  oneTeeStart,
  twoTeeStart,
  type DraftGroup,
} from './start-list';

// The texts the code under test words things with, as its screens load them.
await loadTexts(['tournaments']);

const t = i18n.getFixedT('nb');

const T0 = '2026-06-01T06:00:00.000Z';
const at = (minutes: number) => new Date(new Date(T0).getTime() + minutes * 60_000).toISOString();
const groups = (): DraftGroup[] => [
  { startsAt: at(0), tee: 1, entryIds: ['a', 'b', 'c', 'd'] },
  { startsAt: at(10), tee: 1, entryIds: ['e', 'f'] },
  { startsAt: at(20), tee: 1, entryIds: ['g'] },
];

describe('the start list editor', () => {
  it('moves a player to another group, never into a full one, and drops a group left empty', () => {
    expect(moveEntry(groups(), 'e', 2, 10).map((g) => g.entryIds)).toEqual([['a', 'b', 'c', 'd'], ['f'], ['g', 'e']]);
    expect(moveEntry(groups(), 'e', 0, 10)).toEqual(groups());
    expect(moveEntry(groups(), 'g', 1, 10).map((g) => g.entryIds)).toEqual([
      ['a', 'b', 'c', 'd'],
      ['e', 'f', 'g'],
    ]);
  });

  it('holds four players a group: two teams of two, one team of four', () => {
    expect([entriesPerGroup(1), entriesPerGroup(2), entriesPerGroup(4)]).toEqual([4, 2, 1]);
    // Teams of two: the second group (two teams) is full, the third has room for one more.
    expect(hasRoom(groups()[1]!, 2)).toBe(false);
    expect(hasRoom(groups()[2]!, 2)).toBe(true);
    expect(moveEntry(groups(), 'g', 1, 10, undefined, 2)).toEqual(groups());
    expect(moveEntry(groups(), 'f', 2, 10, undefined, 2).map((g) => g.entryIds)).toEqual([
      ['a', 'b', 'c', 'd'],
      ['e'],
      ['g', 'f'],
    ]);
  });

  it('puts a player without a group into one, or a first group at the first start', () => {
    expect(moveEntry(groups(), 'x', 1, 10)[1]!.entryIds).toEqual(['e', 'f', 'x']);
    expect(moveEntry([], 'x', 0, 10, T0)).toEqual([{ startsAt: T0, tee: 1, entryIds: ['x'] }]);
  });

  it('makes a new group after the last, one interval later', () => {
    const next = moveEntry(groups(), 'a', 3, 8);
    expect(next).toHaveLength(4);
    expect(next[3]).toEqual({ startsAt: at(28), tee: 1, entryIds: ['a'] });
  });

  it('splits the groups over tees 1 and 10 from the same first time, and back', () => {
    const four = [...groups(), { startsAt: at(30), tee: 1 as const, entryIds: ['h'] }];
    const two = twoTeeStart(four, T0, 10);
    expect(two.map((g) => [g.tee, g.startsAt])).toEqual([
      [1, at(0)],
      [1, at(10)],
      [10, at(0)],
      [10, at(10)],
    ]);
    expect(clashes(two, t)).toEqual([]);
    expect(oneTeeStart(two, T0, 10).map((g) => [g.tee, g.startsAt])).toEqual([
      [1, at(0)],
      [1, at(10)],
      [1, at(20)],
      [1, at(30)],
    ]);
  });

  it('says which groups would start off one tee at one time', async () => {
    expect(
      clashes(
        [
          { startsAt: at(0), tee: 1, entryIds: ['a'] },
          { startsAt: at(0), tee: 1, entryIds: ['b'] },
        ],
        t,
      ),
    ).toEqual(['Gruppe 1 og 2 starter fra tee 1 samtidig.']);
    await applyLanguage('en');
    expect(
      clashes(
        [
          { startsAt: at(0), tee: 10, entryIds: ['a'] },
          { startsAt: at(0), tee: 10, entryIds: ['b'] },
        ],
        i18n.getFixedT('en'),
      ),
    ).toEqual(['Groups 1 and 2 start from tee 10 at the same time.']);
    await applyLanguage('nb');
  });

  it('reads a round’s groups from the entries', () => {
    const entries = [
      { id: 'b', groups: [{ round: 1, startsAt: at(10), tee: 1 as const }] },
      { id: 'a', groups: [{ round: 1, startsAt: at(0), tee: 1 as const }] },
      {
        id: 'c',
        groups: [
          { round: 1, startsAt: at(0), tee: 1 as const },
          { round: 2, startsAt: at(0), tee: 10 as const },
        ],
      },
      { id: 'd', groups: [] },
    ];
    expect(groupsFromEntries(entries, 1).map((g) => g.entryIds)).toEqual([['a', 'c'], ['b']]);
    expect(groupsFromEntries(entries, 2)).toEqual([{ startsAt: at(0), tee: 10, entryIds: ['c'] }]);
  });
});
