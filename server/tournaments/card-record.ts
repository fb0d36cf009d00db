import { and, eq } from 'drizzle-orm';
import { HOLES_PER_TOURNAMENT_ROUND } from '../../shared/schemas/tournaments';
import { teeRatings } from '../courses/ratings';
import type { Transaction } from '../db/client';
import {
  course,
  handicapScore,
  tee,
  tournamentDivision,
  tournamentEntry,
  tournamentEntryAccount,
  tournamentRound,
  tournamentScore,
} from '../db/schema';
import { adjustedHoleScore, allocateStrokes, wholeCourseHandicap } from '../golf';
import { enterScore, removeScores } from '../handicap/record';
import type { TournamentRow } from './access';
import type { CardEntry } from './card-access';
import { tournamentHoles } from './holes';

/**
 * A tournament card locked by both signatures is an attested score (docs/golf.md, "The handicap record"):
 * it enters the entrant's record at once, with the course, tee and handicap it was played with. A guest
 * has no record. Unlocking the card takes the score out again until it is signed anew.
 */
export async function enterCardScore(
  tx: Transaction,
  t: TournamentRow,
  entry: CardEntry,
  round: number,
  card: { markerEntryId: string | null; lockedAt: Date },
): Promise<void> {
  // A guest has no record, and a team's score is no one's: only individual formats count (decision 0426).
  if (entry.userId === null) return;
  const [played] = await tx
    .select({
      courseHandicap: tournamentEntry.courseHandicap,
      teeId: tournamentDivision.teeId,
      teeName: tee.name,
      playedOn: tournamentRound.playedOn,
    })
    .from(tournamentEntry)
    .innerJoin(tournamentDivision, eq(tournamentDivision.id, tournamentEntry.divisionId))
    .innerJoin(tee, eq(tee.id, tournamentDivision.teeId))
    .innerJoin(
      tournamentRound,
      and(eq(tournamentRound.tournamentId, tournamentEntry.tournamentId), eq(tournamentRound.number, round)),
    )
    .where(eq(tournamentEntry.id, entry.id));
  const rating = played ? await teeRatings(tx, played.teeId) : null;
  // A card is locked only in play, where every entry's handicap is frozen; anything else is no score.
  if (!played || played.courseHandicap === null || !rating) return;
  const holes = await tournamentHoles(tx, t.id);
  const strokes = await tx
    .select({ hole: tournamentScore.hole, strokes: tournamentScore.strokes })
    .from(tournamentScore)
    .where(and(eq(tournamentScore.entryId, entry.id), eq(tournamentScore.round, round)));
  if (holes.length !== HOLES_PER_TOURNAMENT_ROUND || strokes.length !== HOLES_PER_TOURNAMENT_ROUND) return;
  const gross = new Map(strokes.map((s) => [s.hole, s.strokes]));
  // Net double bogey from the whole course handicap at 100 %, whatever the tournament's allowance.
  const received = allocateStrokes(
    wholeCourseHandicap(played.courseHandicap),
    holes.map((h) => h.strokeIndex),
  );
  const adjustedGross = holes.reduce(
    (sum, h, i) => sum + adjustedHoleScore(gross.get(h.number)!, h.par, received[i]!),
    0,
  );
  const [courseRow] = await tx.select({ name: course.name }).from(course).where(eq(course.id, t.courseId));
  const [marker] = card.markerEntryId
    ? await tx
        .select({ userId: tournamentEntryAccount.userId, name: tournamentEntry.name })
        .from(tournamentEntry)
        .leftJoin(tournamentEntryAccount, eq(tournamentEntryAccount.entryId, tournamentEntry.id))
        .where(eq(tournamentEntry.id, card.markerEntryId))
    : [];
  await enterScore(tx, {
    userId: entry.userId,
    tournamentEntryId: entry.id,
    tournamentRound: round,
    tournamentId: t.id,
    tournamentSlug: t.slug,
    tournamentName: t.name,
    playedOn: played.playedOn,
    finishedAt: card.lockedAt,
    holes: 18,
    courseName: courseRow?.name ?? '',
    teeName: played.teeName,
    adjustedGross,
    courseRating: rating.courseRating,
    slope: rating.slope,
    par: rating.par,
    attestedByUserId: marker?.userId ?? null,
    attestedByGuestName: marker && marker.userId === null ? marker.name : null,
    attestedAt: card.lockedAt,
  });
}

export async function removeCardScore(tx: Transaction, entry: CardEntry, round: number): Promise<void> {
  if (entry.userId === null) return;
  await removeScores(
    tx,
    entry.userId,
    and(eq(handicapScore.tournamentEntryId, entry.id), eq(handicapScore.tournamentRound, round)),
  );
}
