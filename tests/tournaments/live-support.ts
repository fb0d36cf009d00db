import { and, eq, sql } from 'drizzle-orm';
import { fold } from '../../server/courses/search-text';
import type { Database } from '../../server/db/client';
import { organization, tournament, tournamentScore } from '../../server/db/schema';
import { withTenant } from '../../server/db/tenancy';
import type { Deps } from '../../server/deps';
import { tournamentIn } from '../../server/tournaments/access';
import { appendTournamentEvent, publishTournamentEvent, type TournamentChange } from '../../server/tournaments/events';
import type { TournamentFixture } from '../helpers/tournaments';

type Where = Pick<TournamentFixture, 'organizationId' | 'tournamentId'>;

/**
 * A score written as tournaments.setScore writes it: in the organization's tenancy transaction, under the
 * tournament's row lock, with its event; the audience nudged after the commit. Returns the event id.
 */
export async function recordScore(
  deps: Pick<Deps, 'db' | 'bus'>,
  fixture: Where,
  score: { entryId: string; round: number; hole: number; strokes: number | null },
): Promise<number> {
  const eventId = await withTenant(deps.db, fixture.organizationId, async (tx) => {
    const t = await tournamentIn(tx, fixture, { lock: true });
    const key = and(
      eq(tournamentScore.entryId, score.entryId),
      eq(tournamentScore.round, score.round),
      eq(tournamentScore.hole, score.hole),
    );
    if (score.strokes === null) await tx.delete(tournamentScore).where(key);
    else {
      await tx
        .insert(tournamentScore)
        .values({ ...score, strokes: score.strokes, tournamentId: t.id, organizationId: t.organizationId })
        .onConflictDoUpdate({
          target: [tournamentScore.entryId, tournamentScore.round, tournamentScore.hole, tournamentScore.ball],
          set: { strokes: score.strokes },
        });
    }
    return appendTournamentEvent(tx, t, { type: 'score', ...score });
  });
  publishTournamentEvent(deps, fixture.tournamentId, eventId);
  return eventId;
}

/** A change of the tournament row as management makes it (visibility, status): the row, then its event. */
export async function changeTournament(
  deps: Pick<Deps, 'db' | 'bus'>,
  fixture: Where,
  set: Partial<Pick<typeof tournament.$inferInsert, 'visibility' | 'status' | 'name'>>,
  change: TournamentChange,
): Promise<number> {
  const eventId = await withTenant(deps.db, fixture.organizationId, async (tx) => {
    const t = await tournamentIn(tx, fixture, { lock: true });
    await tx
      .update(tournament)
      .set({ ...set, updatedAt: sql`now()` })
      .where(eq(tournament.id, t.id));
    return appendTournamentEvent(tx, t, change);
  });
  publishTournamentEvent(deps, fixture.tournamentId, eventId);
  return eventId;
}

/** The search text management keeps: the tournament's and its club's names, folded. */
export async function setSearchText(db: Database, fixture: Where & { name: string }): Promise<void> {
  const [org] = await db
    .select({ name: organization.name })
    .from(organization)
    .where(eq(organization.id, fixture.organizationId));
  await db
    .update(tournament)
    .set({ searchText: fold(`${fixture.name} ${org!.name}`) })
    .where(eq(tournament.id, fixture.tournamentId));
}
