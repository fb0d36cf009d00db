import { and, asc, count, desc, eq, inArray, or, sql } from 'drizzle-orm';
import {
  ROUNDS_DEFAULT_LIMIT,
  type ParticipantView,
  type RoundChange,
  type RoundSummary,
  type RoundView,
  type SideView,
} from '../../shared/schemas/rounds';
import { lockVisibleCourse } from '../courses/courses';
import { lockCourseForPlay } from '../courses/versions';
import type { Transaction } from '../db/client';
import { appUser, club, course, courseHole, participant, round, side, tee } from '../db/schema';
import type { Deps } from '../deps';
import { AppError } from '../errors';
import { assertNotStarted, assertOpen, assertOwner, roundFor, type RoundRow, type RoundRole } from './access';
import { appendEvent, publishEvent } from './events';
import { myRoundResults } from './results';
import { writeScore } from './score-write';
import { computeRound, holesPlayed, roundView } from './view';
import { isOneBallFormat, SIDE_SIZES, type RoundFormat, type RoundHoles } from '../../shared/values';
import type { Actor } from '../actor';

/**
 * Rounds: created in sequence (round, sides, participants), scored hole by hole, finished by the owner.
 * Every change runs in one transaction holding the round's row lock, writes its event, and publishes it
 * with the new view after the commit.
 */
async function change<T>(
  deps: Deps,
  roundId: string,
  userId: string,
  work: (
    tx: Transaction,
    current: { round: RoundRow; role: RoundRole },
  ) => Promise<{ change: RoundChange | null; answer: (view: RoundView) => T }>,
): Promise<T> {
  const outcome = await deps.db.transaction(async (tx) => {
    const current = await roundFor(tx, roundId, userId, { lock: true });
    const { change: what, answer } = await work(tx, current);
    // Nothing changed (a score operation repeated): no event, nothing for the spectators.
    const eventId = what === null ? null : await appendEvent(tx, roundId, what);
    const view = await roundView(tx, roundId);
    return { eventId, view, result: answer(view) };
  });
  if (outcome.eventId !== null) publishEvent(deps, roundId, outcome.eventId, outcome.view);
  return outcome.result;
}

/** The course row is share-locked while the round is checked and written (lockVisibleCourse). */
export async function createRound(
  deps: Deps,
  actor: Pick<Actor, 'userId'>,
  input: { courseId: string; teeId: string; playedOn: string; format: RoundFormat; holes: RoundHoles },
): Promise<RoundView> {
  return deps.db.transaction(async (tx) => {
    if (!(await lockVisibleCourse(tx, input.courseId, actor.userId)))
      throw new AppError('NOT_FOUND', { key: 'errors.courses.notFound' });
    const [teeRow] = await tx.select({ courseId: tee.courseId }).from(tee).where(eq(tee.id, input.teeId)).limit(1);
    if (!teeRow || teeRow.courseId !== input.courseId) {
      throw new AppError('INVALID_INPUT', {
        issues: [{ path: 'teeId', key: 'errors.courses.teeNotOfCourse' }],
      });
    }
    const [{ holes } = { holes: 0 }] = await tx
      .select({ holes: count() })
      .from(courseHole)
      .where(eq(courseHole.courseId, input.courseId));
    if (holes === 9 && input.holes !== 'front9') {
      throw new AppError('INVALID_INPUT', { issues: [{ path: 'holes', key: 'errors.rounds.nineHoleCourse' }] });
    }
    const [created] = await tx
      .insert(round)
      .values({
        ownerUserId: actor.userId,
        courseId: input.courseId,
        teeId: input.teeId,
        playedOn: input.playedOn,
        format: input.format,
        holes: input.holes,
        createdAt: deps.now(),
      })
      .returning();
    return (await computeRound(tx, created!)).view;
  });
}

export async function requireRound(
  deps: Deps,
  actor: Pick<Actor, 'userId'>,
  input: { roundId: string },
): Promise<RoundView> {
  const { round: row } = await roundFor(deps.db, input.roundId, actor.userId);
  return (await computeRound(deps.db, row)).view;
}

export async function addSide(
  deps: Deps,
  actor: Pick<Actor, 'userId'>,
  input: { roundId: string; name: string },
): Promise<SideView> {
  return change(deps, input.roundId, actor.userId, async (tx, { round: row, role }) => {
    assertOwner(role);
    assertNotStarted(row);
    const [{ sides } = { sides: 0 }] = await tx.select({ sides: count() }).from(side).where(eq(side.roundId, row.id));
    if (row.format === 'match' && sides >= 2) {
      throw new AppError('CONFLICT', { key: 'errors.rounds.matchHasTwoTeams' });
    }
    const [created] = await tx
      .insert(side)
      .values({ roundId: row.id, name: input.name, position: sides })
      .returning({ id: side.id });
    const sideId = created!.id;
    return { change: { type: 'side', sideId }, answer: (view) => view.sides.find((s) => s.id === sideId)! };
  });
}

export async function addParticipant(
  deps: Deps,
  actor: Pick<Actor, 'userId'>,
  input: {
    roundId: string;
    sideId: string;
    participantUserId?: string | undefined;
    guest?: { name: string; handicapIndex: number } | undefined;
  },
): Promise<ParticipantView> {
  return change(deps, input.roundId, actor.userId, async (tx, { round: row, role }) => {
    assertOwner(role);
    assertNotStarted(row);
    const [sideRow] = await tx
      .select({ id: side.id })
      .from(side)
      .where(and(eq(side.id, input.sideId), eq(side.roundId, row.id)))
      .limit(1);
    if (!sideRow) throw new AppError('NOT_FOUND', { key: 'errors.rounds.teamNotFound' });
    const sizes = SIDE_SIZES[row.format];
    if (sizes) {
      const [{ players } = { players: 0 }] = await tx
        .select({ players: count() })
        .from(participant)
        .where(eq(participant.sideId, sideRow.id));
      const max = Math.max(...sizes);
      if (players >= max) throw new AppError('CONFLICT', { key: 'errors.rounds.sideFull', params: { max } });
    }
    let values: typeof participant.$inferInsert;
    if (input.participantUserId) {
      // Share-locked until the card is written: an account being deleted (its row held for delete) is
      // either gone when read (404) or deleted after, its new card kept as a guest's (decision 0406); never
      // gone in between, where the foreign key would answer 500.
      const [user] = await tx
        .select({ id: appUser.id })
        .from(appUser)
        .where(eq(appUser.id, input.participantUserId))
        .limit(1)
        .for('share');
      if (!user) throw new AppError('NOT_FOUND', { key: 'errors.rounds.playerNotFound' });
      const [already] = await tx
        .select({ id: participant.id })
        .from(participant)
        .where(and(eq(participant.roundId, row.id), eq(participant.userId, user.id)))
        .limit(1);
      if (already) throw new AppError('CONFLICT', { key: 'errors.rounds.playerAlreadyIn' });
      values = { roundId: row.id, sideId: sideRow.id, userId: user.id, createdAt: deps.now() };
    } else {
      values = {
        roundId: row.id,
        sideId: sideRow.id,
        guestName: input.guest!.name,
        handicapIndex: input.guest!.handicapIndex,
        createdAt: deps.now(),
      };
    }
    const [created] = await tx.insert(participant).values(values).returning({ id: participant.id });
    const participantId = created!.id;
    return {
      change: { type: 'participant', participantId },
      answer: (view) => view.sides.flatMap((s) => s.participants).find((p) => p.id === participantId)!,
    };
  });
}

/**
 * A hole's score, by the owner or an account taking part (guests have no account). The first score of
 * the round freezes every participant's index, course handicap and playing handicap. With
 * `previousStrokes` the write is conditional on it; the same operation repeated writes nothing (./score-write.ts).
 * In a one-ball format the participant names their side's ball: the score is written to the card that
 * holds it (the side's first player), so a later write by a partner replaces it (decision 0424).
 */
export async function setScore(
  deps: Deps,
  actor: Pick<Actor, 'userId'>,
  input: {
    roundId: string;
    participantId: string;
    hole: number;
    strokes: number | null;
    previousStrokes?: number | null | undefined;
  },
): Promise<RoundView> {
  return change(deps, input.roundId, actor.userId, async (tx, { round: row }) => {
    assertOpen(row);
    const [named] = await tx
      .select({ id: participant.id, sideId: participant.sideId })
      .from(participant)
      .where(and(eq(participant.id, input.participantId), eq(participant.roundId, row.id)))
      .limit(1);
    if (!named) throw new AppError('NOT_FOUND', { key: 'errors.rounds.participantNotFound' });
    const target = isOneBallFormat(row.format) ? await ballCard(tx, named.sideId) : named;
    const [{ holes } = { holes: 0 }] = await tx
      .select({ holes: count() })
      .from(courseHole)
      .where(eq(courseHole.courseId, row.courseId));
    const playable = holesPlayed(row.holes, holes);
    if (!playable.includes(input.hole)) {
      throw new AppError('INVALID_INPUT', {
        issues: [
          {
            path: 'hole',
            key: 'errors.rounds.holesPlayed',
            params: { first: playable[0]!, last: playable[playable.length - 1]! },
          },
        ],
      });
    }
    if (row.startedAt === null && input.strokes !== null) await freezeHandicaps(deps, tx, row);

    const written = await writeScore(tx, {
      ...input,
      userId: actor.userId,
      participantId: target.id,
      updatedAt: deps.now(),
    });
    return {
      change: written ? { type: 'score', participantId: target.id, hole: input.hole, strokes: input.strokes } : null,
      answer: (view) => view,
    };
  });
}

/** The card that holds a one-ball side's ball: its first player, in the order the round view lists them. */
async function ballCard(tx: Transaction, sideId: string): Promise<{ id: string }> {
  const [first] = await tx
    .select({ id: participant.id })
    .from(participant)
    .where(eq(participant.sideId, sideId))
    .orderBy(asc(participant.createdAt), asc(participant.id))
    .limit(1);
  return first!;
}

/**
 * A team format starts only with sides of the sizes it has allowances for (foursomes and greensomes two a
 * side, scramble two or four, four-ball at most two): a side without players plays no part.
 */
function assertSideSizes(row: RoundRow, sides: readonly SideView[]): void {
  const sizes = SIDE_SIZES[row.format];
  if (!sizes) return;
  for (const sd of sides) {
    const count = sd.participants.length;
    if (count > 0 && !sizes.includes(count)) {
      throw new AppError('CONFLICT', { key: 'errors.rounds.sideSize', params: { side: sd.name, sizes: [...sizes] } });
    }
  }
}

/**
 * Writes the handicaps as they are now into every participant, and marks the round started: from here on
 * it plays its course as it is now (a later edit leaves it a played version). The course's share lock
 * waits for an edit being written, so the handicaps and the holes are the same course's.
 */
async function freezeHandicaps(deps: Deps, tx: Transaction, row: RoundRow): Promise<void> {
  await lockCourseForPlay(tx, row.courseId);
  const { scored, participantRows, view } = await computeRound(tx, row);
  assertSideSizes(row, view.sides);
  // In a one-ball format each player's playing handicap is the side's team handicap: frozen with them.
  for (const [i, player] of scored.players.entries()) {
    await tx
      .update(participant)
      .set({
        handicapIndex: participantRows[i]!.handicapIndex,
        courseHandicap: player.courseHandicapExact,
        playingHandicap: player.playingHandicap,
      })
      .where(eq(participant.id, player.id));
  }
  const startedAt = deps.now();
  await tx.update(round).set({ startedAt }).where(eq(round.id, row.id));
  row.startedAt = startedAt;
}

export async function finishRound(
  deps: Deps,
  actor: Pick<Actor, 'userId'>,
  input: { roundId: string },
): Promise<RoundView> {
  return change(deps, input.roundId, actor.userId, async (tx, { round: row, role }) => {
    assertOwner(role);
    assertOpen(row);
    await tx.update(round).set({ status: 'finished', finishedAt: deps.now() }).where(eq(round.id, row.id));
    return { change: { type: 'finished' }, answer: (view) => view };
  });
}

/** The caller's rounds, as owner or account participant, newest first (by playing date, then creation). */
export async function myRounds(
  deps: Deps,
  actor: Pick<Actor, 'userId'>,
  input: { limit?: number | undefined },
): Promise<{ rounds: RoundSummary[] }> {
  const mine = or(
    eq(round.ownerUserId, actor.userId),
    inArray(
      round.id,
      deps.db.select({ id: participant.roundId }).from(participant).where(eq(participant.userId, actor.userId)),
    ),
  );
  const rows = await deps.db
    .select({
      id: round.id,
      playedOn: round.playedOn,
      format: round.format,
      holes: round.holes,
      status: round.status,
      createdAt: round.createdAt,
      startedAt: round.startedAt,
      ownerUserId: round.ownerUserId,
      courseId: course.id,
      courseName: course.name,
      clubSlug: club.slug,
      clubName: club.name,
      teeId: tee.id,
      teeName: tee.name,
      participantCount: sql<number>`(select count(*)::int from ${participant} p where p.round_id = ${round.id})`,
    })
    .from(round)
    .innerJoin(course, eq(course.id, round.courseId))
    .leftJoin(club, eq(club.id, course.clubId))
    .innerJoin(tee, eq(tee.id, round.teeId))
    .where(mine)
    .orderBy(desc(round.playedOn), desc(round.createdAt))
    .limit(input.limit ?? ROUNDS_DEFAULT_LIMIT);
  const results = await myRoundResults(deps.db, rows, actor.userId);
  return {
    rounds: rows.map((r) => ({
      id: r.id,
      playedOn: r.playedOn,
      format: r.format,
      holes: r.holes,
      status: r.status,
      createdAt: r.createdAt.toISOString(),
      isOwner: r.ownerUserId === actor.userId,
      course: {
        id: r.courseId,
        name: r.courseName,
        ...(r.clubSlug !== null && r.clubName !== null ? { club: { slug: r.clubSlug, name: r.clubName } } : {}),
      },
      tee: { id: r.teeId, name: r.teeName },
      participantCount: Number(r.participantCount),
      result: results.get(r.id) ?? null,
    })),
  };
}
