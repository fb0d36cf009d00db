import type { EntryView, PlayerEntryView, TeamEntryView } from '../schemas/tournaments';

/**
 * An entry as the app and the server speak of it, a player's or (in a team format, docs/contract.md
 * section 12) a team's. Type imports only: the app's chunks carry no zod.
 */
export function isTeamEntry(entry: EntryView): entry is TeamEntryView {
  return 'players' in entry;
}

/** The name an entry goes by: the player's, or the team's. */
export function entryName(entry: EntryView): string {
  return isTeamEntry(entry) ? entry.name : entry.player.name;
}

/** The accounts an entry is: its player's, or its team's players' who have one. */
export function entryUserIds(entry: EntryView): string[] {
  if (!isTeamEntry(entry)) return entry.player.userId ? [entry.player.userId] : [];
  return entry.players.flatMap((p) => (p.userId ? [p.userId] : []));
}

/** The indexes an entry plays off: the player's, or each of the team's players'. */
export function entryIndexes(entry: EntryView): number[] {
  return isTeamEntry(entry) ? entry.players.map((p) => p.handicapIndex) : [entry.handicapIndex];
}

/** An individual guest: no account. A team is never a guest as a whole. */
export function isGuestEntry(entry: EntryView): entry is PlayerEntryView {
  return !isTeamEntry(entry) && !entry.player.userId;
}
