import { and, asc, eq } from 'drizzle-orm';
import type { UserRow } from '../../server/auth/users';
import type { Database } from '../../server/db/client';
import { tournament, tournamentCard, tournamentEvent, tournamentScore } from '../../server/db/schema';
import { addMember, createOrganization, createUser } from '../helpers/factories';
import { createTournamentFixture, type TournamentFixture } from '../helpers/tournaments';
import type { TournamentStatus } from '../../shared/values';

/**
 * A tournament in play and everyone who might touch its cards: five entrants by default (round 1 groups: the first
 * four, then the fifth alone), a member who has not entered, and the owner of another organization.
 */
export interface PlayWorld {
  fixture: TournamentFixture;
  entrant: UserRow;
  marker: UserRow;
  otherGroup: UserRow;
  admin: UserRow;
  member: UserRow;
  otherOrg: UserRow;
}

export const PLAY_ACTORS = ['entrant', 'marker', 'otherGroup', 'admin', 'member', 'anonymous', 'otherOrg'] as const;
export type PlayActor = (typeof PLAY_ACTORS)[number];

export async function playWorld(
  db: Database,
  options: Parameters<typeof createTournamentFixture>[1] = {},
): Promise<PlayWorld> {
  const fixture = await createTournamentFixture(db, { players: 5, ...options });
  const member = await createUser(db, { name: 'Mona Medlem' });
  await addMember(db, fixture.organizationId, member.id, 'member');
  const other = await createOrganization(db, 'Naboklubben GK');
  const otherOrg = await createUser(db, { name: 'Nils Nabo' });
  await addMember(db, other.id, otherOrg.id, 'owner');
  const [entrant, marker, , , otherGroup] = fixture.players.map((p) => p.user);
  return {
    fixture,
    entrant: entrant!,
    marker: marker!,
    otherGroup: otherGroup!,
    admin: fixture.admin,
    member,
    otherOrg,
  };
}

export function userOf(world: PlayWorld, actor: PlayActor): UserRow | null {
  if (actor === 'anonymous') return null;
  const user = world[actor];
  if (!user) throw new Error(`this world has no ${actor} (fewer than five players)`);
  return user;
}

/** The entrant's entry (the first player): the card every access case is about. */
export const entrantEntry = (world: PlayWorld) => world.fixture.players[0]!.entryId;

export async function setStatus(db: Database, fixture: TournamentFixture, status: TournamentStatus): Promise<void> {
  await db.update(tournament).set({ status }).where(eq(tournament.id, fixture.tournamentId));
}

export async function strokesOn(db: Database, entryId: string, round: number, hole: number): Promise<number | null> {
  const [row] = await db
    .select({ strokes: tournamentScore.strokes })
    .from(tournamentScore)
    .where(and(eq(tournamentScore.entryId, entryId), eq(tournamentScore.round, round), eq(tournamentScore.hole, hole)));
  return row?.strokes ?? null;
}

export async function cardRow(db: Database, entryId: string, round = 1) {
  const [row] = await db
    .select()
    .from(tournamentCard)
    .where(and(eq(tournamentCard.entryId, entryId), eq(tournamentCard.round, round)));
  return row ?? null;
}

export async function eventsOf(db: Database, tournamentId: string) {
  return db
    .select()
    .from(tournamentEvent)
    .where(eq(tournamentEvent.tournamentId, tournamentId))
    .orderBy(asc(tournamentEvent.id));
}

/** 18 holes: `strokes` on every hole unless given one by one. */
export const fullCard = (strokes = 4): number[] => Array.from({ length: 18 }, () => strokes);
