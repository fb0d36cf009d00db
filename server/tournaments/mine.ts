import { and, asc, eq, inArray, ne } from 'drizzle-orm';
import type { MyTournamentView } from '../../shared/schemas/tournaments';
import type { Actor } from '../actor';
import type { Queryable } from '../db/client';
import {
  organization,
  organizationMembership,
  tournament,
  tournamentDivision,
  tournamentEntry,
  tournamentEntryAccount,
  tournamentGroup,
  tournamentGroupEntry,
  tournamentRound,
} from '../db/schema';
import { withTenant } from '../db/tenancy';
import type { Deps } from '../deps';
import { cachedDivisions, latestEvent } from './leaderboard';
import { teamPlayersOf } from './team-view';
import { waitingPlaces } from './waiting-list';

/** How many of a player's tournaments the list keeps, newest first: a season's worth and more. */
export const MY_TOURNAMENTS_LIMIT = 50;

/**
 * The caller's own tournament entries across the clubs they are a member of (decision 0421): each with its
 * rounds' start times, starting tees and playing partners, and the leaderboard row once play has begun.
 * Tournament rows are each organization's own under row-level security, so every club is read in its own
 * tenancy transaction; a club the player has left no longer shows its tournaments (their attested scores stay
 * in the handicap record). Drafts are the organizers' and never listed.
 */
export async function myTournaments(
  deps: Pick<Deps, 'db'>,
  actor: Pick<Actor, 'userId'>,
): Promise<{ tournaments: MyTournamentView[] }> {
  const clubs = await deps.db
    .select({ id: organization.id, name: organization.name })
    .from(organizationMembership)
    .innerJoin(organization, eq(organization.id, organizationMembership.organizationId))
    .where(eq(organizationMembership.userId, actor.userId));
  // One club after the other: PGlite has one connection, and a member of many clubs is rare.
  const perClub: MyTournamentView[] = [];
  for (const club of clubs) {
    perClub.push(...(await withTenant(deps.db, club.id, (tx) => entriesInClub(tx, club, actor.userId))));
  }
  const tournaments = perClub
    .sort(
      (a, b) => lastPlayedOn(b).localeCompare(lastPlayedOn(a)) || a.tournament.name.localeCompare(b.tournament.name),
    )
    .slice(0, MY_TOURNAMENTS_LIMIT);
  return { tournaments };
}

function lastPlayedOn(t: MyTournamentView): string {
  return (
    t.rounds
      .map((r) => r.playedOn)
      .sort()
      .pop() ?? ''
  );
}

async function entriesInClub(
  tx: Queryable,
  club: { id: string; name: string },
  userId: string,
): Promise<MyTournamentView[]> {
  const entries = await tx
    .select({
      entryId: tournamentEntry.id,
      ball: tournamentEntryAccount.ball,
      divisionName: tournamentDivision.name,
      row: tournament,
    })
    .from(tournamentEntryAccount)
    .innerJoin(tournamentEntry, eq(tournamentEntry.id, tournamentEntryAccount.entryId))
    .innerJoin(tournamentDivision, eq(tournamentDivision.id, tournamentEntry.divisionId))
    .innerJoin(tournament, eq(tournament.id, tournamentEntry.tournamentId))
    .where(and(eq(tournamentEntryAccount.userId, userId), ne(tournament.status, 'draft')));
  if (entries.length === 0) return [];
  const tournamentIds = entries.map((e) => e.row.id);
  const entryIds = entries.map((e) => e.entryId);
  const [rounds, placements] = await Promise.all([
    tx
      .select({
        tournamentId: tournamentRound.tournamentId,
        number: tournamentRound.number,
        playedOn: tournamentRound.playedOn,
      })
      .from(tournamentRound)
      .where(inArray(tournamentRound.tournamentId, tournamentIds))
      .orderBy(asc(tournamentRound.number)),
    tx
      .select({
        entryId: tournamentGroupEntry.entryId,
        groupId: tournamentGroup.id,
        round: tournamentGroup.round,
        startsAt: tournamentGroup.startsAt,
        tee: tournamentGroup.tee,
      })
      .from(tournamentGroupEntry)
      .innerJoin(tournamentGroup, eq(tournamentGroup.id, tournamentGroupEntry.groupId))
      .where(inArray(tournamentGroupEntry.entryId, entryIds)),
  ]);
  const partners =
    placements.length === 0
      ? []
      : await tx
          .select({ groupId: tournamentGroupEntry.groupId, entryId: tournamentEntry.id, name: tournamentEntry.name })
          .from(tournamentGroupEntry)
          .innerJoin(tournamentEntry, eq(tournamentEntry.id, tournamentGroupEntry.entryId))
          .where(
            inArray(
              tournamentGroupEntry.groupId,
              placements.map((p) => p.groupId),
            ),
          )
          .orderBy(asc(tournamentGroupEntry.position));
  // A team's players by name: my partners in a team format are my team-mates, then the group's other teams.
  const teamMates = (
    await Promise.all(tournamentIds.map((tournamentId) => teamPlayersOf(tx, { tournamentId, entryIds })))
  ).flat();
  // My place on a waiting list, tournament by tournament (decision 0427).
  const waiting = new Map<string, number>();
  for (const tournamentId of new Set(tournamentIds))
    for (const [entryId, place] of await waitingPlaces(tx, tournamentId)) waiting.set(entryId, place);
  const views = entries.map((e): MyTournamentView & { row: typeof tournament.$inferSelect } => {
    const mates = teamMates.filter((p) => p.entryId === e.entryId && p.ball !== e.ball).map((p) => p.name);
    const t = e.row;
    return {
      row: t,
      tournament: {
        id: t.id,
        organizationId: club.id,
        organization: { name: club.name },
        name: t.name,
        slug: t.slug,
        status: t.status,
        format: t.format,
        visibility: t.visibility,
      },
      entryId: e.entryId,
      division: { name: e.divisionName },
      ...(waiting.has(e.entryId) ? { waitlistPosition: waiting.get(e.entryId)! } : {}),
      rounds: rounds
        .filter((r) => r.tournamentId === t.id)
        .map((r) => {
          const placed = placements.find((p) => p.entryId === e.entryId && p.round === r.number);
          return {
            number: r.number,
            playedOn: r.playedOn,
            startsAt: placed ? placed.startsAt.toISOString() : null,
            tee: placed ? (placed.tee as 1 | 10) : null,
            partners: placed
              ? [
                  ...mates,
                  ...partners.filter((p) => p.groupId === placed.groupId && p.entryId !== e.entryId).map((p) => p.name),
                ]
              : [],
          };
        }),
      result: null,
    };
  });
  // Only the newest that can be listed get their leaderboard row: a player of many seasons costs no
  // leaderboard of a tournament the list leaves out (each may be computed afresh on a cold cache).
  const kept = views.sort((a, b) => lastPlayedOn(b).localeCompare(lastPlayedOn(a))).slice(0, MY_TOURNAMENTS_LIMIT);
  return Promise.all(
    kept.map(async ({ row, ...view }) => ({ ...view, result: await resultOf(tx, row, view.entryId) })),
  );
}

/** The entry's leaderboard row, once the tournament is played (the cached leaderboard, not a computation each). */
async function resultOf(tx: Queryable, row: typeof tournament.$inferSelect, entryId: string) {
  if (row.status !== 'in_progress' && row.status !== 'finished') return null;
  const divisions = await cachedDivisions(tx, row, await latestEvent(tx, row.id));
  for (const division of divisions) {
    const found = division.rows.find((r) => r.entryId === entryId);
    if (found) return found;
  }
  return null;
}
