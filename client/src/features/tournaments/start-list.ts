import { osloInstant } from '../../../../shared/format/oslo-clock';
import type { TFunction } from 'i18next';
import type { GroupView } from '../../../../shared/schemas/tournaments';
import { GROUP_MAX_ENTRIES, GROUP_MAX_PLAYERS } from '../../../../shared/tournament-rules';

/**
 * The start list being edited: groups in start order, each a start time, a tee and its entries. Players are
 * moved with buttons (to the group before or after, or a new group at the end); nothing is sent until the
 * organizer saves, and then as tournaments.setGroups' `groups` (the server checks it all again).
 */
export interface DraftGroup {
  startsAt: string;
  tee: 1 | 10;
  entryIds: string[];
}

export function fromGroups(groups: readonly GroupView[]): DraftGroup[] {
  return [...groups]
    .sort((a, b) => a.startsAt.localeCompare(b.startsAt) || a.tee - b.tee)
    .map((g) => ({ startsAt: g.startsAt, tee: g.tee, entryIds: g.entries.map((e) => e.id) }));
}

/** The groups of a round as the entries list has them (each entry carries its groups). */
export function groupsFromEntries(
  entries: readonly { id: string; groups: { round: number; startsAt: string; tee: 1 | 10 }[] }[],
  round: number,
): DraftGroup[] {
  const byStart = new Map<string, DraftGroup>();
  for (const e of entries) {
    const g = e.groups.find((x) => x.round === round);
    if (!g) continue;
    const key = `${g.startsAt}|${g.tee}`;
    const group = byStart.get(key) ?? { startsAt: g.startsAt, tee: g.tee, entryIds: [] };
    group.entryIds.push(e.id);
    byStart.set(key, group);
  }
  return [...byStart.values()].sort((a, b) => a.startsAt.localeCompare(b.startsAt) || a.tee - b.tee);
}

function addMinutes(iso: string, minutes: number): string {
  return new Date(new Date(iso).getTime() + minutes * 60_000).toISOString();
}

/**
 * Moves a player to group `to` (an index; `groups.length` makes a new group after the last, `interval`
 * minutes after it), or puts a player who has no group there. A full group (`most` entries: four players,
 * or two teams of two, one of four) takes nobody; a group left empty disappears. `firstStartsAt` is the new
 * group's time when there is no group yet.
 */
export function moveEntry(
  groups: readonly DraftGroup[],
  entryId: string,
  to: number,
  interval: number,
  firstStartsAt?: string,
  most: number = GROUP_MAX_ENTRIES,
): DraftGroup[] {
  const from = groups.findIndex((g) => g.entryIds.includes(entryId));
  if (from === to || to < 0 || to > groups.length) return [...groups];
  if (groups.length === 0) return firstStartsAt ? [{ startsAt: firstStartsAt, tee: 1, entryIds: [entryId] }] : [];
  if (to < groups.length && groups[to]!.entryIds.length >= most) return [...groups];
  const next = groups.map((g) => ({ ...g, entryIds: [...g.entryIds] }));
  if (to === groups.length) {
    const last = groups[groups.length - 1]!;
    next.push({ startsAt: addMinutes(last.startsAt, interval), tee: last.tee, entryIds: [] });
  }
  if (from !== -1) next[from]!.entryIds = next[from]!.entryIds.filter((id) => id !== entryId);
  next[to]!.entryIds.push(entryId);
  return next.filter((g) => g.entryIds.length > 0);
}

/** Whether a group may take one more entry (`most` of `entriesPerGroup`). */
export function hasRoom(group: DraftGroup, most: number = GROUP_MAX_ENTRIES): boolean {
  return group.entryIds.length < most;
}

/** The entries a group holds at most: four players, so two teams of two or one team of four (decision 0426). */
export function entriesPerGroup(teamSize: number): number {
  return Math.floor(GROUP_MAX_PLAYERS / teamSize);
}

/**
 * A two-tee start (shotgun-light): the first half of the groups off tee 1, the second half off tee 10, both
 * halves from the first start time at the same interval. An odd count puts the extra group on tee 1.
 */
export function twoTeeStart(groups: readonly DraftGroup[], firstStartsAt: string, interval: number): DraftGroup[] {
  const half = Math.ceil(groups.length / 2);
  return groups.map((g, i) => {
    const onFirst = i < half;
    const slot = onFirst ? i : i - half;
    return { ...g, tee: onFirst ? 1 : 10, startsAt: addMinutes(firstStartsAt, slot * interval) };
  });
}

/** Every group off tee 1, one after the other from the first start time. */
export function oneTeeStart(groups: readonly DraftGroup[], firstStartsAt: string, interval: number): DraftGroup[] {
  return groups.map((g, i) => ({ ...g, tee: 1, startsAt: addMinutes(firstStartsAt, i * interval) }));
}

/** Two groups off one tee at one time: the server refuses it (400), so the editor says so first. */
export function clashes(groups: readonly DraftGroup[], t: TFunction): string[] {
  const seen = new Map<string, number>();
  const messages: string[] = [];
  groups.forEach((g, i) => {
    const key = `${g.startsAt}|${g.tee}`;
    const first = seen.get(key);
    if (first !== undefined) messages.push(t('tournaments.clash', { first: first + 1, second: i + 1, tee: g.tee }));
    else seen.set(key, i);
  });
  return messages;
}

/** A round's day (YYYY-MM-DD) and a typed first start (HH:MM) on Norway's clock, as an instant (decision 0432). */
export const startInstant = osloInstant;
