import { and, eq } from 'drizzle-orm';
import type { Actor } from '../actor';
import { participant, handicapScore } from '../db/schema';
import type { Deps } from '../deps';
import { AppError } from '../errors';
import { attestationsOf } from '../handicap/attestations';
import { enterScore, removeScores } from '../handicap/record';
import { roundFor } from './access';
import { computeRound } from './view';
import { isTeamFormat } from '../../shared/values';

/** How long an attester may take an attestation back (decision 0419). */
export const ATTESTATION_WITHDRAWAL_SECONDS = 24 * 60 * 60;

export interface AttestationAnswer {
  participantId: string;
  attestedBy: { name: string };
  attestedAt: Date;
}

/**
 * rounds.attest: a co-player with an account in the round attests a player's finished card, and the score
 * enters the player's handicap record with what it was played on. Outsiders get 404 as for any round; the
 * player themself, a guest's card and an owner who does not play are refused (403); an unfinished round,
 * a card with holes missing and a round of a team format (WHS accepts individual formats only: decision
 * 0424) are 409. Under the round's row lock, so parallel attestations give one score, and
 * attesting an attested card again answers the attestation that stands.
 */
export async function attestScore(
  deps: Pick<Deps, 'db' | 'now'>,
  actor: Pick<Actor, 'userId'>,
  input: { roundId: string; participantId: string },
): Promise<AttestationAnswer> {
  return deps.db.transaction(async (tx) => {
    const { round: row } = await roundFor(tx, input.roundId, actor.userId, { lock: true });
    const players = await tx
      .select({ id: participant.id, userId: participant.userId })
      .from(participant)
      .where(eq(participant.roundId, row.id));
    const target = players.find((p) => p.id === input.participantId);
    if (!target) throw new AppError('NOT_FOUND', { key: 'errors.rounds.participantNotFound' });
    if (target.userId === actor.userId) throw new AppError('FORBIDDEN', { key: 'errors.rounds.notOwnAttestation' });
    if (target.userId === null) throw new AppError('FORBIDDEN', { key: 'errors.rounds.guestCardNotRecorded' });
    if (!players.some((p) => p.userId === actor.userId))
      throw new AppError('FORBIDDEN', { key: 'errors.rounds.onlyCoPlayerAttests' });
    if (isTeamFormat(row.format)) throw new AppError('CONFLICT', { key: 'errors.rounds.teamFormatNotRecorded' });
    if (row.status !== 'finished' || row.finishedAt === null)
      throw new AppError('CONFLICT', { key: 'errors.rounds.attestBeforeFinished' });

    const standing = (await attestationsOf(tx, [target.id])).get(target.id);
    if (standing)
      return { participantId: target.id, attestedBy: { name: standing.attestedBy }, attestedAt: standing.attestedAt };

    const { view, rating } = await computeRound(tx, row);
    const card = view.sides.flatMap((s) => s.participants).find((p) => p.id === target.id)!;
    const missing = card.holes.filter((h) => h.strokes === null).map((h) => h.hole);
    if (missing.length > 0) {
      throw new AppError('CONFLICT', {
        key: 'errors.rounds.attestMissingHoles',
        params: { holes: missing },
      });
    }
    const attestedAt = deps.now();
    await enterScore(tx, {
      userId: target.userId,
      participantId: target.id,
      roundId: row.id,
      playedOn: row.playedOn,
      finishedAt: row.finishedAt,
      holes: card.holes.length === 9 ? 9 : 18,
      courseName: view.course.name,
      teeName: view.tee.name,
      adjustedGross: card.totals.adjustedGross,
      courseRating: rating.courseRating,
      slope: rating.slope,
      par: rating.par,
      attestedByUserId: actor.userId,
      attestedAt,
    });
    const entered = (await attestationsOf(tx, [target.id])).get(target.id)!;
    return { participantId: target.id, attestedBy: { name: entered.attestedBy }, attestedAt: entered.attestedAt };
  });
}

/**
 * rounds.withdrawAttestation: the attester takes it back within 24 hours, and the score leaves the record.
 * Anyone else in the round is refused (403), anyone outside it gets 404, a card not attested is 404.
 */
export async function withdrawAttestation(
  deps: Pick<Deps, 'db' | 'now'>,
  actor: Pick<Actor, 'userId'>,
  input: { roundId: string; participantId: string },
): Promise<{ ok: true }> {
  return deps.db.transaction(async (tx) => {
    await roundFor(tx, input.roundId, actor.userId, { lock: true });
    const [attested] = await tx
      .select({ userId: handicapScore.userId, by: handicapScore.attestedByUserId, at: handicapScore.attestedAt })
      .from(handicapScore)
      .where(and(eq(handicapScore.participantId, input.participantId), eq(handicapScore.roundId, input.roundId)));
    if (!attested) throw new AppError('NOT_FOUND', { key: 'errors.rounds.notAttested' });
    if (attested.by !== actor.userId) throw new AppError('FORBIDDEN', { key: 'errors.rounds.onlyAttesterWithdraws' });
    if (deps.now().getTime() - attested.at.getTime() > ATTESTATION_WITHDRAWAL_SECONDS * 1000)
      throw new AppError('CONFLICT', { key: 'errors.rounds.attestationWithdrawalTooLate' });
    await removeScores(tx, attested.userId, eq(handicapScore.participantId, input.participantId));
    return { ok: true as const };
  });
}
