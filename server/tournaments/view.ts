import { asc, count, eq } from 'drizzle-orm';
import type {
  DivisionView,
  PublicTournamentView,
  TournamentDetail,
  TournamentView,
} from '../../shared/schemas/tournaments';
import { loadCoursesById } from '../courses/courses';
import type { Queryable } from '../db/client';
import { organization, tournamentDivision, tournamentEntry, tournamentRound } from '../db/schema';
import type { TournamentRow } from './access';

/** Numeric columns come back as numbers; optional fields are left out rather than sent as null. */
function optional<K extends string, V>(key: K, value: V | null): { [P in K]?: V } {
  return (value === null ? {} : { [key]: value }) as { [P in K]?: V };
}

/**
 * Tournament as docs/contract.md section 9 answers it. Reads run on `db` as given: the organization's tenancy
 * transaction for its members, or no organization context for a public page (where the policies let only a
 * public, non-draft tournament's rows through).
 */
export async function tournamentView(db: Queryable, row: TournamentRow): Promise<TournamentView> {
  // One after the other: the queries share one transaction's connection.
  const rounds = await db
    .select()
    .from(tournamentRound)
    .where(eq(tournamentRound.tournamentId, row.id))
    .orderBy(asc(tournamentRound.number));
  const divisions = await db
    .select()
    .from(tournamentDivision)
    .where(eq(tournamentDivision.tournamentId, row.id))
    .orderBy(asc(tournamentDivision.position));
  const [entries] = await db
    .select({ n: count(), waiting: count(tournamentEntry.waitingNumber) })
    .from(tournamentEntry)
    .where(eq(tournamentEntry.tournamentId, row.id));
  const [org] = await db
    .select({ id: organization.id, name: organization.name })
    .from(organization)
    .where(eq(organization.id, row.organizationId));
  return {
    id: row.id,
    organizationId: row.organizationId,
    organization: { id: org!.id, name: org!.name },
    slug: row.slug,
    status: row.status,
    entryCount: (entries?.n ?? 0) - (entries?.waiting ?? 0),
    waitlistCount: entries?.waiting ?? 0,
    name: row.name,
    ...optional('description', row.description),
    visibility: row.visibility,
    format: row.format,
    allowancePercent: row.allowancePercent,
    teamSize: row.teamSize,
    tieBreak: row.tieBreak,
    ...optional('maxHandicapIndex', row.maxHandicapIndex),
    ...optional('entryLimit', row.entryLimit),
    ...optional('entriesCloseAt', row.entriesCloseAt?.toISOString() ?? null),
    ...optional('startListPublishedAt', row.startListPublishedAt?.toISOString() ?? null),
    rounds: rounds.map((r) => ({ number: r.number, courseId: row.courseId, playedOn: r.playedOn })),
    divisions: divisions.map(
      (d): DivisionView => ({
        id: d.id,
        name: d.name,
        teeId: d.teeId,
        ...optional('minHandicapIndex', d.minHandicapIndex),
        ...optional('maxHandicapIndex', d.maxHandicapIndex),
      }),
    ),
  };
}

/**
 * One tournament for its members, with its course read by id, whoever may see the course otherwise: it is
 * this tournament's (tournamentDetailOutput).
 */
export async function tournamentDetail(db: Queryable, row: TournamentRow, viewerId: string): Promise<TournamentDetail> {
  const view = await tournamentView(db, row);
  const [played] = await loadCoursesById(db, [row.courseId], viewerId);
  return { ...view, course: played! };
}

/** PublicTournament: Tournament without `organizationId`, and the organization by name only. */
export function publicTournamentView(view: TournamentView): PublicTournamentView {
  const { organizationId: _organizationId, organization: org, startListPublishedAt: _published, ...rest } = view;
  return { ...rest, organization: { name: org.name } };
}
