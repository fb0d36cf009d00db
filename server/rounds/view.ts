import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import {
  DEFAULT_HANDICAP_INDEX,
  type ParticipantView,
  type RoundView,
  type SideView,
} from '../../shared/schemas/rounds';
import { toTee } from '../courses/courses';
import { teeRatings } from '../courses/ratings';
import type { Queryable } from '../db/client';
import { appUser, club, course, courseHole, feedItem, participant, round, score, side, tee } from '../db/schema';
import { nineHoleRating, scoreRound, type Rating, type ScoredRound } from '../golf';
import { attestationsOf } from '../handicap/attestations';
import { indexPlayedOff } from '../handicap/record';
import type { RoundRow } from './access';
import type { RoundHoles } from '../../shared/values';
import { UNNAMED_PLAYER } from '../../shared/placeholder-names';

/** The hole numbers a round plays: all of them, or the front or back nine of an 18-hole course. */
export function holesPlayed(holes: RoundHoles, courseHoleCount: number): number[] {
  if (holes === '18') return Array.from({ length: courseHoleCount }, (_, i) => i + 1);
  const first = holes === 'front9' ? 1 : 10;
  return Array.from({ length: 9 }, (_, i) => first + i);
}

/** The course's holes that a round plays, in order. */
export function playedHoles<H extends { number: number }>(holes: RoundHoles, courseHoles: readonly H[]): H[] {
  const numbers = holesPlayed(holes, courseHoles.length);
  return courseHoles.filter((h) => numbers.includes(h.number));
}

/** Every score of these participants (none asked for an empty list). */
export async function scoresOf(
  db: Queryable,
  participantIds: readonly string[],
): Promise<{ participantId: string; hole: number; strokes: number }[]> {
  if (participantIds.length === 0) return [];
  return db
    .select({ participantId: score.participantId, hole: score.hole, strokes: score.strokes })
    .from(score)
    .where(inArray(score.participantId, [...participantIds]));
}

export interface ComputedRound {
  view: RoundView;
  /** Server-side only: what the first score freezes into each participant row. */
  scored: ScoredRound;
  participantRows: { id: string; handicapIndex: number }[];
  /** Server-side only: the rating, slope and par of the holes played, for the handicap record. */
  rating: Rating;
}

/**
 * A round as its players see it, computed from the database: handicaps (frozen or, before the first score,
 * from each player's current index), every hole's strokes received, net, points and adjusted score, and
 * each side's standing. Rating and slope go into the computation and nowhere else.
 */
export async function computeRound(db: Queryable, row: RoundRow): Promise<ComputedRound> {
  // The course and tee through the round's own row, each in one statement: an edit that moves a begun round
  // onto its played version (courses/versions.ts) commits both, so no read pairs an old id with edited holes.
  const roundCourse = sql`(select ${round.courseId} from ${round} where ${round.id} = ${row.id})`;
  const roundTee = sql`(select ${round.teeId} from ${round} where ${round.id} = ${row.id})`;
  const [courseRow] = await db
    .select({
      id: course.id,
      kind: course.kind,
      name: course.name,
      country: course.country,
      clubSlug: club.slug,
      clubName: club.name,
    })
    .from(course)
    .leftJoin(club, eq(club.id, course.clubId))
    .where(eq(course.id, roundCourse));
  const holes = await db
    .select({ number: courseHole.number, par: courseHole.par, strokeIndex: courseHole.strokeIndex })
    .from(courseHole)
    .where(eq(courseHole.courseId, roundCourse))
    .orderBy(asc(courseHole.number));
  const [teeRow] = await db
    .select({ id: tee.id, name: tee.name, color: tee.color, gender: tee.gender, par: tee.par, lengths: tee.lengths })
    .from(tee)
    .where(eq(tee.id, roundTee));
  // Ratings count only before the first score, which no edit moves (a begun round plays frozen handicaps).
  const ratings = (await teeRatings(db, row.teeId))!;
  const sides = await db
    .select({ id: side.id, name: side.name })
    .from(side)
    .where(eq(side.roundId, row.id))
    .orderBy(asc(side.position), asc(side.id));
  const participants = await db
    .select({
      id: participant.id,
      sideId: participant.sideId,
      userId: participant.userId,
      guestName: participant.guestName,
      handicapIndex: participant.handicapIndex,
      courseHandicap: participant.courseHandicap,
      playingHandicap: participant.playingHandicap,
      userName: appUser.name,
      userIndex: indexPlayedOff,
    })
    .from(participant)
    .leftJoin(appUser, eq(appUser.id, participant.userId))
    .where(eq(participant.roundId, row.id))
    .orderBy(asc(participant.createdAt), asc(participant.id));
  const scores = await scoresOf(
    db,
    participants.map((p) => p.id),
  );

  const played = playedHoles(row.holes, holes);
  const nineHoles = played.length === 9;
  const rating: Rating =
    row.holes === '18' || holes.length === 9
      ? { courseRating: ratings.courseRating, slope: ratings.slope, par: ratings.par }
      : nineHoleRating(
          ratings,
          row.holes as Exclude<RoundHoles, '18'>,
          played.reduce((t, h) => t + h.par, 0),
        );

  const frozen = row.startedAt !== null;
  const participantRows = participants.map((p) => ({
    id: p.id,
    // Frozen rows keep the index of the first score; before that an account plays off its current index.
    handicapIndex: (frozen || p.userId === null ? p.handicapIndex : p.userIndex) ?? DEFAULT_HANDICAP_INDEX,
  }));
  const scored = scoreRound({
    format: row.format,
    holes: played,
    nineHoles,
    rating,
    sides,
    finished: row.status === 'finished',
    players: participants.map((p, i) => ({
      id: p.id,
      sideId: p.sideId,
      handicapIndex: participantRows[i]!.handicapIndex,
      frozen:
        frozen && p.courseHandicap !== null && p.playingHandicap !== null
          ? { courseHandicap: p.courseHandicap, playingHandicap: p.playingHandicap }
          : null,
      scores: new Map(scores.filter((s) => s.participantId === p.id).map((s) => [s.hole, s.strokes])),
    })),
  });

  // Only a finished round's cards are attested (decision 0419).
  const attested =
    row.status === 'finished'
      ? await attestationsOf(
          db,
          participants.map((p) => p.id),
        )
      : new Map();
  const participantViews: ParticipantView[] = participants.map((p, i) => {
    const s = scored.players[i]!;
    const attestation = attested.get(p.id);
    return {
      id: p.id,
      sideId: p.sideId,
      userId: p.userId,
      name: p.userId === null ? p.guestName! : (p.userName ?? UNNAMED_PLAYER),
      isGuest: p.userId === null,
      handicapIndex: participantRows[i]!.handicapIndex,
      courseHandicap: s.courseHandicap,
      playingHandicap: s.playingHandicap,
      matchHandicap: s.matchHandicap,
      holes: s.holes,
      totals: s.totals,
      attestation: attestation
        ? {
            attestedBy: { name: attestation.attestedBy, userId: attestation.attestedByUserId },
            attestedAt: attestation.attestedAt.toISOString(),
          }
        : null,
    };
  });
  const sideViews: SideView[] = sides.map((sd) => ({
    id: sd.id,
    name: sd.name,
    standing: scored.standings.get(sd.id) ?? null,
    ball: scored.balls.get(sd.id) ?? null,
    participants: participantViews.filter((p) => p.sideId === sd.id),
  }));

  // Only a finished round can be shared (decision 0602): its visible round_shared item says it is.
  const shared =
    row.status === 'finished' &&
    (
      await db
        .select({ id: feedItem.id })
        .from(feedItem)
        .where(and(eq(feedItem.roundId, row.id), eq(feedItem.kind, 'round_shared'), isNull(feedItem.hiddenAt)))
        .limit(1)
    ).length > 0;

  const lengthOf = (number: number) =>
    teeRow!.lengths && teeRow!.lengths.length >= number ? teeRow!.lengths[number - 1]! : null;
  const view: RoundView = {
    id: row.id,
    ownerUserId: row.ownerUserId,
    playedOn: row.playedOn,
    format: row.format,
    holes: row.holes,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    startedAt: row.startedAt?.toISOString() ?? null,
    finishedAt: row.finishedAt?.toISOString() ?? null,
    shared,
    handicapsFrozen: frozen,
    allowancePercent: scored.allowancePercent,
    course: {
      id: courseRow!.id,
      kind: courseRow!.kind,
      name: courseRow!.name,
      ...(courseRow!.clubSlug !== null && courseRow!.clubName !== null
        ? { club: { slug: courseRow!.clubSlug, name: courseRow!.clubName } }
        : {}),
      country: courseRow!.country,
    },
    tee: toTee(teeRow!.id, teeRow!.name, teeRow!.color, teeRow!.gender, teeRow!.par, teeRow!.lengths),
    card: played.map((h) => ({
      hole: h.number,
      par: h.par,
      strokeIndex: h.strokeIndex,
      lengthMeters: lengthOf(h.number),
    })),
    sides: sideViews,
  };
  return { view, scored, participantRows, rating };
}

/** The round's current view, read from `db` (a transaction inside a change, so the view matches it). */
export async function roundView(db: Queryable, roundId: string): Promise<RoundView> {
  const [row] = await db.select().from(round).where(eq(round.id, roundId)).limit(1);
  return (await computeRound(db, row!)).view;
}
