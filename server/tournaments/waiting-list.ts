import { and, asc, count, eq, isNotNull, isNull, max } from 'drizzle-orm';
import { STATUSES_BEFORE_PLAY } from '../../shared/tournament-rules';
import type { Language } from '../../shared/values';
import type { Committing } from '../db/after-commit';
import type { Queryable } from '../db/client';
import { appUser, organization, tournamentEntry, tournamentEntryAccount } from '../db/schema';
import type { Deps } from '../deps';
import { AppError } from '../errors';
import { waitingListPlaceMail } from '../mail/templates/tournaments';
import { assertStatus, requireTournamentRow, type TournamentRow } from './access';
import { tournamentAppUrl } from './links';
import { isOrganizer, recordChange, type TournamentScope } from './scope';

/**
 * The waiting list (docs/contract.md section 13, decision 0427). An entry past `entryLimit` waits: it has
 * the tournament's next waiting number, taken under the tournament's row lock like every entry, so parallel
 * entries for the last place give one entry in the field and the rest in the order they were taken. A place
 * that comes free before play (a withdrawal, a higher limit) goes to the first who waits, who is mailed; an
 * organizer may also take someone into the field by hand, over the limit. Waiting entries are never in a
 * start list or a leaderboard.
 */

/** Entries of the tournament that play: not on its waiting list. */
export function inField(tournamentId: string) {
  return and(eq(tournamentEntry.tournamentId, tournamentId), isNull(tournamentEntry.waitingNumber));
}

export async function fieldCount(db: Queryable, tournamentId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(tournamentEntry).where(inField(tournamentId));
  return row?.n ?? 0;
}

/** A new entry's waiting number: null when the field has room (and nobody waits before it), else the next. */
export async function waitingNumberFor(tx: Queryable, t: TournamentRow): Promise<number | null> {
  if (t.entryLimit === null) return null;
  const [waiting] = await tx
    .select({ last: max(tournamentEntry.waitingNumber), n: count(tournamentEntry.waitingNumber) })
    .from(tournamentEntry)
    .where(eq(tournamentEntry.tournamentId, t.id));
  if ((waiting?.n ?? 0) === 0 && (await fieldCount(tx, t.id)) < t.entryLimit) return null;
  return (waiting?.last ?? 0) + 1;
}

/** Each waiting entry's place on the list, 1 the next to move up. */
export async function waitingPlaces(db: Queryable, tournamentId: string): Promise<Map<string, number>> {
  const rows = await db
    .select({ id: tournamentEntry.id })
    .from(tournamentEntry)
    .where(and(eq(tournamentEntry.tournamentId, tournamentId), isNotNull(tournamentEntry.waitingNumber)))
    .orderBy(asc(tournamentEntry.waitingNumber));
  return new Map(rows.map((r, i) => [r.id, i + 1]));
}

/**
 * Before play, as many of those waiting as the field has room for move into it, first come first; each
 * one's players with an account are mailed once the change has committed. `writer` is an organization's
 * tenancy transaction, or the account deletion's (which frees places in many organizations' tournaments);
 * the caller holds the tournament's row lock.
 */
export async function fillFromWaitingList(deps: Deps, writer: Committing, t: TournamentRow): Promise<void> {
  if (!STATUSES_BEFORE_PLAY.includes(t.status)) return;
  // No limit any more: everyone waiting has a place.
  const room = t.entryLimit === null ? Number.POSITIVE_INFINITY : t.entryLimit - (await fieldCount(writer.tx, t.id));
  if (room <= 0) return;
  const waiting = await writer.tx
    .select({ id: tournamentEntry.id })
    .from(tournamentEntry)
    .where(and(eq(tournamentEntry.tournamentId, t.id), isNotNull(tournamentEntry.waitingNumber)))
    .orderBy(asc(tournamentEntry.waitingNumber));
  for (const entry of waiting.slice(0, room)) await moveIntoField(deps, writer, t, entry.id);
}

/** tournaments.promoteEntry: an organizer takes a waiting entry into the field, over the limit if need be. */
export async function promoteEntry(
  deps: Deps,
  scope: TournamentScope,
  input: { tournamentId: string; entryId: string },
): Promise<{ ok: true }> {
  if (!isOrganizer(scope)) throw new AppError('NOT_ORG_ADMIN');
  const t = await requireTournamentRow(scope, input.tournamentId, { lock: true });
  assertStatus(t, STATUSES_BEFORE_PLAY, 'errors.tournaments.entriesClosed');
  const [entry] = await scope.tx
    .select({ waitingNumber: tournamentEntry.waitingNumber })
    .from(tournamentEntry)
    .where(and(eq(tournamentEntry.id, input.entryId), eq(tournamentEntry.tournamentId, t.id)));
  if (!entry) throw new AppError('NOT_FOUND', { key: 'errors.tournaments.entryNotFound' });
  if (entry.waitingNumber === null) throw new AppError('CONFLICT', { key: 'errors.tournaments.alreadyInField' });
  await moveIntoField(deps, scope, t, input.entryId);
  await recordChange(deps, scope, t, { type: 'entries' });
  return { ok: true };
}

async function moveIntoField(deps: Deps, writer: Committing, t: TournamentRow, entryId: string): Promise<void> {
  const { tx } = writer;
  await tx
    .update(tournamentEntry)
    .set({ waitingNumber: null })
    .where(and(eq(tournamentEntry.id, entryId), eq(tournamentEntry.tournamentId, t.id)));
  const [entry] = await tx
    .select({ name: tournamentEntry.name, club: organization.name })
    .from(tournamentEntry)
    .innerJoin(organization, eq(organization.id, tournamentEntry.organizationId))
    .where(eq(tournamentEntry.id, entryId));
  const recipients = await tx
    .select({ email: appUser.email, language: appUser.language })
    .from(tournamentEntryAccount)
    .innerJoin(appUser, eq(appUser.id, tournamentEntryAccount.userId))
    .where(eq(tournamentEntryAccount.entryId, entryId));
  const link = tournamentAppUrl(deps.config.publicUrl, t);
  const mails = recipients.map((r) =>
    waitingListPlaceMail({
      to: r.email,
      tournamentName: t.name,
      clubName: entry!.club,
      teamName: t.teamSize > 1 ? entry!.name : null,
      link,
      language: (r.language ?? 'nb') as Language,
    }),
  );
  // After the commit: a place that rolls back is no place. A mail that fails is logged; the place stands.
  writer.afterCommit(() => {
    for (const mail of mails)
      deps.mailer.send(mail).catch((error: unknown) => {
        deps.logger.warn({ err: error, tournamentId: t.id }, 'waiting list mail not sent');
      });
  });
}
