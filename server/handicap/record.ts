import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { HandicapRecordView, ScoreRecord } from '../../shared/schemas/handicap';
import type { PlaysWith } from '../../shared/values';
import type { Actor } from '../actor';
import type { Queryable, Transaction } from '../db/client';
import { appUser, handicapScore } from '../db/schema';
import type { Deps } from '../deps';
import { handicapRecord, type PlayedScore } from '../golf';
import { attesterName } from './attestations';

/**
 * The player's handicap record (docs/golf.md, "The handicap record"): attested scores go in and out here
 * only, and each change keeps the account's calculated index in the same transaction, so what rounds and
 * tournaments freeze is never behind the record.
 */

/**
 * The index a player plays off now (decision 0419): the one they entered, unless they chose the calculated
 * one and their record has one. Every read that freezes or shows a player's index uses this.
 */
export const indexPlayedOff: SQL<number | null> = sql<
  number | null
>`(case when ${appUser.playsWith} = 'calculated' and ${appUser.calculatedIndex} is not null then ${appUser.calculatedIndex} else ${appUser.handicapIndex} end)::float8`;

/** What a score brings into the record, copied in so that no later edit of its course changes it. */
export type NewScore = Omit<typeof handicapScore.$inferInsert, 'id'>;

/** Enters a score once: a second attestation of the same card is no second score. True if it entered. */
export async function enterScore(tx: Transaction, score: NewScore): Promise<boolean> {
  const entered = await tx
    .insert(handicapScore)
    .values(score)
    .onConflictDoNothing()
    .returning({ id: handicapScore.id });
  if (entered.length === 0) return false;
  await refreshCalculatedIndex(tx, score.userId);
  return true;
}

/** Takes scores out (a withdrawn attestation, an unlocked card) and keeps the index. */
export async function removeScores(tx: Transaction, userId: string, where: SQL | undefined): Promise<number> {
  const removed = await tx
    .delete(handicapScore)
    .where(and(eq(handicapScore.userId, userId), where))
    .returning({ id: handicapScore.id });
  if (removed.length > 0) await refreshCalculatedIndex(tx, userId);
  return removed.length;
}

/**
 * Recomputes the record under the account's row lock: two scores of one player entering at once are
 * counted one after the other, each seeing the other.
 */
export async function refreshCalculatedIndex(tx: Transaction, userId: string): Promise<void> {
  await tx.select({ id: appUser.id }).from(appUser).where(eq(appUser.id, userId)).for('update');
  const record = handicapRecord(await playedScores(tx, userId));
  await tx.update(appUser).set({ calculatedIndex: record.calculatedIndex }).where(eq(appUser.id, userId));
}

async function playedScores(db: Queryable, userId: string): Promise<PlayedScore[]> {
  const rows = await db
    .select({
      id: handicapScore.id,
      playedOn: handicapScore.playedOn,
      finishedAt: handicapScore.finishedAt,
      holes: handicapScore.holes,
      adjustedGross: handicapScore.adjustedGross,
      courseRating: handicapScore.courseRating,
      slope: handicapScore.slope,
      par: handicapScore.par,
    })
    .from(handicapScore)
    .where(eq(handicapScore.userId, userId));
  return rows.map(toPlayed);
}

function toPlayed(row: {
  id: string;
  playedOn: string;
  finishedAt: Date;
  holes: number;
  adjustedGross: number;
  courseRating: number;
  slope: number;
  par: number;
}): PlayedScore {
  return {
    id: row.id,
    playedOn: row.playedOn,
    sequence: row.finishedAt.getTime(),
    holes: row.holes === 9 ? 9 : 18,
    adjustedGross: row.adjustedGross,
    courseRating: row.courseRating,
    slope: row.slope,
    par: row.par,
  };
}

const attester = alias(appUser, 'attester');

/** GET /account/handicap: the record as the player reads it, newest score first. */
export async function handicapRecordOf(
  deps: Pick<Deps, 'db'>,
  actor: Pick<Actor, 'userId'>,
): Promise<HandicapRecordView> {
  return recordOf(deps.db, actor.userId);
}

export async function recordOf(db: Queryable, userId: string): Promise<HandicapRecordView> {
  const [user] = await db
    .select({ enteredIndex: appUser.handicapIndex, playsWith: appUser.playsWith })
    .from(appUser)
    .where(eq(appUser.id, userId));
  const rows = await db
    .select({ score: handicapScore, attesterId: attester.id, attesterName: attester.name })
    .from(handicapScore)
    .leftJoin(attester, eq(attester.id, handicapScore.attestedByUserId))
    .where(eq(handicapScore.userId, userId))
    .orderBy(desc(handicapScore.playedOn), desc(handicapScore.finishedAt));
  const record = handicapRecord(rows.map((r) => toPlayed(r.score)));
  const computed = new Map(record.scores.map((s) => [s.id, s]));
  const scores: ScoreRecord[] = rows.map(({ score: s, attesterId, attesterName: accountName }) => {
    const c = computed.get(s.id)!;
    return {
      id: s.id,
      playedOn: s.playedOn,
      holes: s.holes === 9 ? 9 : 18,
      course: { name: s.courseName },
      tee: { name: s.teeName },
      ...(s.roundId ? { round: { id: s.roundId } } : {}),
      ...(s.tournamentSlug && s.tournamentName
        ? { tournament: { slug: s.tournamentSlug, name: s.tournamentName } }
        : {}),
      adjustedGross: s.adjustedGross,
      courseRating: s.courseRating,
      slope: s.slope,
      pcc: 0,
      differential: c.differential,
      counting: c.counting,
      exceptionalReduction: c.exceptionalReduction,
      ...(c.combinedWith ? { combinedWith: c.combinedWith } : {}),
      attestedBy: { name: attesterName(attesterId, accountName, s.attestedByGuestName) },
    };
  });
  return {
    enteredIndex: user?.enteredIndex ?? null,
    calculatedIndex: record.calculatedIndex,
    lowIndex: record.lowIndex,
    playsWith: user?.playsWith ?? 'entered',
    scores,
    history: record.history,
  };
}

/** PUT /account/handicap/plays-with: rounds and tournaments not yet begun follow the choice at once. */
export async function setPlaysWith(
  deps: Pick<Deps, 'db'>,
  actor: Pick<Actor, 'userId'>,
  input: { playsWith: PlaysWith },
): Promise<HandicapRecordView> {
  await deps.db.update(appUser).set({ playsWith: input.playsWith }).where(eq(appUser.id, actor.userId));
  return recordOf(deps.db, actor.userId);
}
