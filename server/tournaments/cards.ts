import { and, asc, eq } from 'drizzle-orm';
import { HOLES_PER_TOURNAMENT_ROUND, type CardView } from '../../shared/schemas/tournaments';
import { audit } from '../audit';
import type { Queryable } from '../db/client';
import { tournamentCard, tournamentScore } from '../db/schema';
import type { Deps } from '../deps';
import { AppError } from '../errors';
import type { OrgScope } from '../organizations/scope';
import { isAdminRole } from '../organizations/roles';
import { assertStatus, requireTournamentRow, type TournamentRow } from './access';
import {
  findCard,
  relationToCard,
  hasGroupPartner,
  requireEntry,
  requireTournamentRound,
  type CardEntry,
  type CardRow,
} from './card-access';
import { enterCardScore, removeCardScore } from './card-record';

export interface SignCardRequest {
  tournamentId: string;
  entryId: string;
  round: number;
  unlock?: true;
}

/**
 * tournaments.signCard: the entrant signs as player, a marker (another entrant of the same group in that
 * round) as marker; with both, the card is locked and its scores can no longer change. Signing is the
 * players' act: an owner or admin who is neither does not sign (except a guest's player part, which no
 * account can sign), but may unlock (`unlock: true`), which
 * clears the lock and both signatures and is written to the organization's audit log. Runs under the
 * tournament's row lock, as score writes do, so a signature never lands on a card a score is changing.
 * Signing again is idempotent; a second marker does not replace the first. The locked card is an attested
 * score: it enters the entrant's handicap record in the same transaction (./card-record.ts).
 */
export async function signCard(deps: Pick<Deps, 'now'>, scope: OrgScope, input: SignCardRequest): Promise<CardView> {
  const { tx } = scope;
  const t = await requireTournamentRow(scope, input.tournamentId, { lock: true });
  const entry = await requireEntry(tx, t, input.entryId);
  if (input.unlock) return unlockCard(deps, scope, t, entry, input.round);

  let relation = await relationToCard(tx, t, entry, input.round, scope.actorUserId);
  // A guest has no account to sign with: an owner or admin signs the player's part, as a club attests a
  // guest's paper card (audited). The marker still signs as marker.
  const organizer = relation.kind === 'none' && isAdminRole(scope.actorRole);
  const forGuest = organizer && entry.userIds.length === 0;
  if (forGuest) relation = { kind: 'entrant' };
  // A team alone in its group (a scramble four) has no other team to mark it: an owner or admin signs the
  // marker's part, audited as a guest's card is (decision 0426).
  const forLoneTeam = organizer && !forGuest && entry.team && !(await hasGroupPartner(tx, t, entry.id, input.round));
  if (forLoneTeam) relation = { kind: 'marker', markerEntryId: null };
  if (relation.kind === 'none') {
    throw new AppError('FORBIDDEN', { key: 'errors.tournaments.onlyPlayerAndMarkerSign' });
  }
  assertStatus(t, ['in_progress'], 'errors.tournaments.signOnlyInProgress');
  await requireTournamentRound(tx, t, input.round);
  const missing = await missingHoles(tx, entry.id, input.round);
  if (missing.length > 0) {
    throw new AppError('CONFLICT', {
      key: 'errors.tournaments.signMissingHoles',
      params: { holes: missing },
    });
  }

  const card = await cardForUpdate(tx, t, entry.id, input.round);
  if (card.lockedAt) return cardView(card);
  const now = deps.now();
  const next: Partial<CardRow> = {};
  if (relation.kind === 'entrant' && !card.signedByPlayerAt) next.signedByPlayerAt = now;
  if (relation.kind === 'marker' && !card.signedByMarkerAt)
    Object.assign(next, { signedByMarkerAt: now, markerEntryId: relation.markerEntryId });
  const signed = { ...card, ...next };
  if (signed.signedByPlayerAt && signed.signedByMarkerAt) next.lockedAt = now;
  if (Object.keys(next).length === 0) return cardView(card);
  await tx.update(tournamentCard).set(next).where(atCard(entry.id, input.round));
  if (next.lockedAt)
    await enterCardScore(tx, t, entry, input.round, { markerEntryId: signed.markerEntryId, lockedAt: next.lockedAt });
  if ((forGuest && next.signedByPlayerAt) || (forLoneTeam && next.signedByMarkerAt)) {
    await audit(deps, tx, {
      action: forGuest ? 'tournament.guest_card_signed' : 'tournament.lone_team_card_marked',
      actorUserId: scope.actorUserId,
      organizationId: scope.organizationId,
      ip: scope.ip,
      details: { tournamentId: t.id, entryId: entry.id, round: input.round },
    });
  }
  return cardView({ ...card, ...next });
}

async function unlockCard(
  deps: Pick<Deps, 'now'>,
  scope: OrgScope,
  t: TournamentRow,
  entry: CardEntry,
  round: number,
): Promise<CardView> {
  if (!isAdminRole(scope.actorRole))
    throw new AppError('NOT_ORG_ADMIN', { key: 'errors.tournaments.onlyAdminsUnlock' });
  assertStatus(t, ['in_progress'], 'errors.tournaments.unlockOnlyInProgress');
  await requireTournamentRound(scope.tx, t, round);
  const card = await findCard(scope.tx, entry.id, round);
  const empty = {
    entryId: entry.id,
    round,
    signedByPlayerAt: null,
    signedByMarkerAt: null,
    markerEntryId: null,
    lockedAt: null,
  };
  if (!card || (!card.lockedAt && !card.signedByPlayerAt && !card.signedByMarkerAt)) return cardView(card ?? empty);
  await scope.tx
    .update(tournamentCard)
    .set({ signedByPlayerAt: null, signedByMarkerAt: null, markerEntryId: null, lockedAt: null })
    .where(atCard(entry.id, round));
  // Unlocked, the card is no longer attested: its score leaves the record until it is signed again.
  if (card.lockedAt) await removeCardScore(scope.tx, entry, round);
  await audit(deps, scope.tx, {
    action: 'tournament.card_unlocked',
    actorUserId: scope.actorUserId,
    subjectUserId: entry.userId,
    organizationId: scope.organizationId,
    ip: scope.ip,
    details: {
      tournamentId: t.id,
      entryId: entry.id,
      round,
      wasLocked: card.lockedAt !== null,
      signedByPlayer: card.signedByPlayerAt !== null,
      signedByMarker: card.signedByMarkerAt !== null,
    },
  });
  return cardView(empty);
}

function atCard(entryId: string, round: number) {
  return and(eq(tournamentCard.entryId, entryId), eq(tournamentCard.round, round));
}

/** The card row, created unsigned on first signature (the tournament's lock keeps this single). */
async function cardForUpdate(tx: Queryable, t: TournamentRow, entryId: string, round: number): Promise<CardRow> {
  await tx
    .insert(tournamentCard)
    .values({ entryId, round, tournamentId: t.id, organizationId: t.organizationId })
    .onConflictDoNothing();
  return (await findCard(tx, entryId, round))!;
}

async function missingHoles(tx: Queryable, entryId: string, round: number): Promise<number[]> {
  const rows = await tx
    .select({ hole: tournamentScore.hole })
    .from(tournamentScore)
    .where(and(eq(tournamentScore.entryId, entryId), eq(tournamentScore.round, round)))
    .orderBy(asc(tournamentScore.hole));
  const played = new Set(rows.map((r) => r.hole));
  return Array.from({ length: HOLES_PER_TOURNAMENT_ROUND }, (_, i) => i + 1).filter((hole) => !played.has(hole));
}

function cardView(
  card: Pick<CardRow, 'entryId' | 'round' | 'signedByPlayerAt' | 'signedByMarkerAt' | 'lockedAt'>,
): CardView {
  return {
    entryId: card.entryId,
    round: card.round,
    signedByPlayer: card.signedByPlayerAt !== null,
    signedByMarker: card.signedByMarkerAt !== null,
    locked: card.lockedAt !== null,
  };
}
