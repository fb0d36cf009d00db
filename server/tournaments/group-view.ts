import { and, asc, eq } from 'drizzle-orm';
import type { GroupView } from '../../shared/schemas/tournaments';
import type { Queryable } from '../db/client';
import { tournamentGroup, tournamentGroupEntry } from '../db/schema';
import type { TournamentRow } from './access';
import { entryViews } from './entry-view';

/** Group as docs/contract.md section 9 answers it, in start order, the entries in their order in the group. */
export async function groupViews(db: Queryable, t: TournamentRow, round: number): Promise<GroupView[]> {
  const groups = await db
    .select()
    .from(tournamentGroup)
    .where(and(eq(tournamentGroup.tournamentId, t.id), eq(tournamentGroup.round, round)))
    .orderBy(asc(tournamentGroup.position));
  const members = await db
    .select({ groupId: tournamentGroupEntry.groupId, entryId: tournamentGroupEntry.entryId })
    .from(tournamentGroupEntry)
    .where(and(eq(tournamentGroupEntry.tournamentId, t.id), eq(tournamentGroupEntry.round, round)))
    .orderBy(asc(tournamentGroupEntry.position));
  const views = new Map(
    (
      await entryViews(
        db,
        t,
        members.map((m) => m.entryId),
      )
    ).map((e) => [e.id, e]),
  );
  return groups.map((g) => ({
    id: g.id,
    round: g.round,
    startsAt: g.startsAt.toISOString(),
    tee: g.tee as 1 | 10,
    entries: members.filter((m) => m.groupId === g.id).map((m) => views.get(m.entryId)!),
  }));
}
