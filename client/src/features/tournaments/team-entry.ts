import type { TFunction } from 'i18next';
import type { EntryView } from '../../../../shared/schemas/tournaments';
import { isTeamEntry } from '../../../../shared/format/entry';
import { parseHandicapIndex } from '../../lib/handicap';

/**
 * Entering a team (docs/contract.md section 12, decision 0426): an organizer names each player, a member of
 * the club found by search or a guest by name and index; a member enters with a member partner. Pure, so
 * the screens' rules are tested without a browser.
 */

/** One place on a team as the organizer fills it in: a member chosen, or a guest typed. */
export interface TeamSlot {
  member: { userId: string; name: string } | null;
  guestName: string;
  guestIndex: string;
}

export function emptySlots(size: number): TeamSlot[] {
  return Array.from({ length: size }, () => ({ member: null, guestName: '', guestIndex: '' }));
}

/** The team's name when none is typed, as the server makes it: the last word of each name, joined by " / ". */
export function defaultTeamName(names: readonly string[]): string {
  return names
    .map((name) => name.trim().split(/\s+/).pop() ?? '')
    .filter(Boolean)
    .join(' / ');
}

/** The names of a team being filled in, in its order: the members' and the guests' typed so far. */
export function slotNames(slots: readonly TeamSlot[]): string[] {
  return slots.map((s) => s.member?.name ?? s.guestName.trim()).filter(Boolean);
}

export type TeamPlayerInput = { userId: string } | { guest: { name: string; handicapIndex: number } };

/**
 * The team as tournaments.enter's `players`, or what is missing at each place, under the server's paths
 * (`players.1.guest.handicapIndex`), so the form shows its own and the server's messages in one place.
 */
export function teamPlayers(
  slots: readonly TeamSlot[],
  t: TFunction,
): { ok: true; players: TeamPlayerInput[] } | { ok: false; fields: Record<string, string> } {
  const fields: Record<string, string> = {};
  const players: TeamPlayerInput[] = [];
  slots.forEach((slot, i) => {
    if (slot.member) {
      players.push({ userId: slot.member.userId });
      return;
    }
    const name = slot.guestName.trim();
    if (name === '') {
      fields[`players.${i}`] = t('tournaments.team.playerMissing');
      return;
    }
    const index = parseHandicapIndex(slot.guestIndex, t);
    if (!index.ok) fields[`players.${i}.guest.handicapIndex`] = index.message;
    else if (index.value === null)
      fields[`players.${i}.guest.handicapIndex`] = t('tournaments.admin.guestIndexMissing');
    else players.push({ guest: { name, handicapIndex: index.value } });
  });
  return Object.keys(fields).length > 0 ? { ok: false, fields } : { ok: true, players };
}

/**
 * An entry as a group line names it: the player, or the team with its players in brackets ("Medlem / Gjest
 * (Mona Medlem, Gunnar Gjest)"), each name as the reader is shown it.
 */
export function entryWithPlayers(entry: EntryView, shown: (name: string) => string = (name) => name): string {
  if (!isTeamEntry(entry)) return shown(entry.player.name);
  return `${shown(entry.name)} (${entry.players.map((p) => shown(p.name)).join(', ')})`;
}

/**
 * How a member enters themself: alone in an individual format, with a member partner in a team format of
 * two, and not at all where a team has more (a scramble four is entered by the club).
 */
export function selfEntryKind(teamSize: number): 'alone' | 'withPartner' | 'byClub' {
  if (teamSize === 1) return 'alone';
  return teamSize === 2 ? 'withPartner' : 'byClub';
}
