import { z } from 'zod';
import { id } from './common';
import { handicapIndex } from './handicap-index';
import { userText } from './text';
import { queryNumber, queryText, teeOutput } from './courses';
import { courseKindSchema, roundFormatSchema, roundHolesSchema, roundStatusSchema } from './values';

/** Rounds (docs/contract.md section 8). Inputs are strict: unknown fields are 400 INVALID_INPUT. */

export { DEFAULT_HANDICAP_INDEX } from '../handicap-index';

export const roundCreateInput = z.strictObject({
  courseId: id,
  teeId: id,
  playedOn: z.iso.date({ message: 'errors.fields.date' }),
  format: roundFormatSchema,
  holes: roundHolesSchema,
});

export const roundIdInput = z.strictObject({ roundId: id });

export const addSideInput = z.strictObject({
  roundId: id,
  name: userText().trim().min(1, { message: 'errors.rounds.teamNameMissing' }).max(60),
});

export const guestInput = z.strictObject({
  name: userText().trim().min(1, { message: 'errors.fields.guestNameMissing' }).max(80),
  handicapIndex: handicapIndex,
});

/** An account (`userId`, found through the participant search) or a guest: exactly one of the two. */
export const addParticipantInput = z
  .strictObject({ roundId: id, sideId: id, userId: id.optional(), guest: guestInput.optional() })
  .refine((v) => (v.userId === undefined) !== (v.guest === undefined), {
    message: 'errors.rounds.userOrGuest',
    path: ['userId'],
  });

const strokesField = z
  .number()
  .int()
  .min(1, { message: 'errors.fields.strokesRange' })
  .max(20, { message: 'errors.fields.strokesRange' })
  .nullable();

/**
 * `previousStrokes`: what the client last saw on the hole before its edit (null: empty). With it the write
 * happens only if the hole still holds that value (or already holds `strokes`: a repeat), else 409
 * CONFLICT; without it (older clients) the last write wins (docs/decisions/0407-conditional-score-writes.md).
 */
export const setScoreInput = z.strictObject({
  roundId: id,
  participantId: id,
  hole: z.number().int().min(1).max(18),
  strokes: strokesField,
  previousStrokes: strokesField.optional(),
});

export const ROUNDS_DEFAULT_LIMIT = 50;
export const roundsMineInput = z.strictObject({ limit: queryNumber(z.number().int().min(1).max(200)) }).optional();

/** `lastEventId` is sent back by the tRPC client when it reconnects: the subscription resumes after it. */
export const onUpdateInput = z.strictObject({ roundId: id, lastEventId: z.string().max(40).nullish() });

export const participantSearchInput = z.strictObject({ q: queryText(254) });

// ---- What a round looks like to its players (built on the server, never carrying rating or slope) ----

export const holeScoreOutput = z.object({
  hole: z.number(),
  par: z.number(),
  strokeIndex: z.number(),
  strokes: z.number().nullable(),
  /** Strokes received on this hole for play in this format (match play: relative to the lowest handicap). */
  strokesReceived: z.number(),
  net: z.number().nullable(),
  stablefordPoints: z.number().nullable(),
  /** The score for handicap purposes: capped at net double bogey. */
  adjustedStrokes: z.number().nullable(),
});
export type HoleScore = z.infer<typeof holeScoreOutput>;

/** A player's running totals over the holes scored so far. */
export const participantTotalsOutput = z.object({
  holesPlayed: z.number(),
  gross: z.number(),
  net: z.number(),
  stablefordPoints: z.number(),
  /** Net-double-bogey adjusted gross. */
  adjustedGross: z.number(),
  grossToPar: z.number(),
  netToPar: z.number(),
});
export type ParticipantTotals = z.infer<typeof participantTotalsOutput>;

export const participantViewOutput = z.object({
  id: z.string(),
  sideId: z.string(),
  userId: z.string().nullable(),
  name: z.string(),
  isGuest: z.boolean(),
  /** The 18-hole index (frozen when the round started); halved for nine holes in the handicaps below. */
  handicapIndex: z.number(),
  /** Whole: a half rounded upwards, toward the higher number (−2.5 → −2, a plus 2). */
  courseHandicap: z.number(),
  playingHandicap: z.number(),
  /** Match play only: strokes received in the match. */
  matchHandicap: z.number().nullable(),
  holes: z.array(holeScoreOutput),
  totals: participantTotalsOutput,
  /**
   * A finished round's card attested by a co-player: it is in the player's handicap record. The attester is
   * one of the round's players (`userId` as in their own participant row; null once their account is gone).
   * The differential is not here: with the adjusted gross, differentials would give away the tee's rating
   * and slope. The player reads their own in their record.
   */
  attestation: z
    .object({
      attestedBy: z.object({ name: z.string(), userId: z.string().nullable() }),
      attestedAt: z.string(),
    })
    .nullable(),
});
export type ParticipantView = z.infer<typeof participantViewOutput>;

const position = z.number().nullable();
export const standingOutput = z.discriminatedUnion('format', [
  z.object({ format: z.literal('stroke'), holesPlayed: z.number(), net: z.number(), netToPar: z.number(), position }),
  z.object({
    format: z.literal('stableford'),
    holesPlayed: z.number(),
    points: z.number(),
    /** Points against net par (2 a hole) over the holes played: what positions compare (decision 0415). */
    pointsToPar: z.number(),
    position,
  }),
  z.object({
    format: z.literal('match'),
    holesPlayed: z.number(),
    holesRemaining: z.number(),
    holesUp: z.number(),
    decided: z.boolean(),
    result: z.enum(['won', 'lost', 'halved']).nullable(),
    position,
  }),
]);
export type Standing = z.infer<typeof standingOutput>;

/**
 * A one-ball side's ball (foursomes, greensomes, scramble): its team playing handicap, allocated by stroke
 * index, and its holes. `participantId` is the player whose card holds the ball: a score sent for any
 * player of the side lands there, and every player's card shows it (decision 0424). No adjusted score: a
 * team's ball is never for handicap purposes.
 */
export const ballViewOutput = z.object({
  participantId: z.string(),
  playingHandicap: z.number(),
  holes: z.array(holeScoreOutput.omit({ adjustedStrokes: true })),
  totals: participantTotalsOutput.omit({ adjustedGross: true }),
});
export type BallView = z.infer<typeof ballViewOutput>;

export const sideViewOutput = z.object({
  id: z.string(),
  name: z.string(),
  /** Null in match play until there are exactly two sides. */
  standing: standingOutput.nullable(),
  /** One-ball formats only: null in the others, and while the side has no size the format allows. */
  ball: ballViewOutput.nullable(),
  participants: z.array(participantViewOutput),
});
export type SideView = z.infer<typeof sideViewOutput>;

const clubOutput = z.object({ slug: z.string(), name: z.string() });

export const roundViewOutput = z.object({
  id: z.string(),
  ownerUserId: z.string(),
  playedOn: z.string(),
  format: roundFormatSchema,
  holes: roundHolesSchema,
  status: roundStatusSchema,
  /** ISO instants. `startedAt` is the first score: handicaps are frozen from then on. */
  createdAt: z.string(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  /** Whether the round is in the public feed now (rounds.share, not since unshared or hidden; decision 0507). */
  shared: z.boolean(),
  handicapsFrozen: z.boolean(),
  /** Each player's allowance; null in the one-ball formats, whose sides play off a team handicap (`ball`). */
  allowancePercent: z.number().nullable(),
  course: z.object({
    id: z.string(),
    kind: courseKindSchema,
    name: z.string(),
    club: clubOutput.optional(),
    country: z.string(),
  }),
  tee: teeOutput,
  /** The holes played, in order. */
  card: z.array(
    z.object({ hole: z.number(), par: z.number(), strokeIndex: z.number(), lengthMeters: z.number().nullable() }),
  ),
  sides: z.array(sideViewOutput),
});
export type RoundView = z.infer<typeof roundViewOutput>;

/** The caller's own result in a round of their list: their totals and their side's standing. */
export const roundResultOutput = z.object({
  /** The holes the round is played over (18 or 9), beside `totals.holesPlayed`. */
  holeCount: z.number(),
  totals: participantTotalsOutput,
  standing: standingOutput.nullable(),
});
export type RoundResult = z.infer<typeof roundResultOutput>;

export const roundSummaryOutput = z.object({
  id: z.string(),
  playedOn: z.string(),
  format: roundFormatSchema,
  holes: roundHolesSchema,
  status: roundStatusSchema,
  createdAt: z.string(),
  isOwner: z.boolean(),
  course: z.object({ id: z.string(), name: z.string(), club: clubOutput.optional() }),
  tee: z.object({ id: z.string(), name: z.string() }),
  participantCount: z.number(),
  /** Null when the caller does not play in the round, or before its first score. */
  result: roundResultOutput.nullable(),
});
export type RoundSummary = z.infer<typeof roundSummaryOutput>;
export const roundsMineOutput = z.object({ rounds: z.array(roundSummaryOutput) });

/** A change to a round, as the event log keeps it. */
/** Each kind of change's fields; a live update is one of them, with the round or a patch added. */
const changeFields = {
  snapshot: { type: z.literal('snapshot') },
  side: { type: z.literal('side'), sideId: z.string() },
  participant: { type: z.literal('participant'), participantId: z.string() },
  score: { type: z.literal('score'), participantId: z.string(), hole: z.number(), strokes: z.number().nullable() },
  finished: { type: z.literal('finished') },
};
export const roundChangeOutput = z.discriminatedUnion('type', [
  z.object(changeFields.snapshot),
  z.object(changeFields.side),
  z.object(changeFields.participant),
  z.object(changeFields.score),
  z.object(changeFields.finished),
]);
export type RoundChange = z.infer<typeof roundChangeOutput>;

/**
 * What live scores changed, in absolute values: for each player scored, the holes scored and the new
 * totals (in a one-ball format, every player of the side whose ball was scored); and every side's standing
 * and ball. (Strokes received do not change once play has started, so the other
 * holes of a card stay as they were.) The app puts them into the round it holds.
 */
export const roundPatchOutput = z.object({
  participants: z.array(z.object({ id: z.string(), holes: z.array(holeScoreOutput), totals: participantTotalsOutput })),
  standings: z.array(
    z.object({ sideId: z.string(), standing: standingOutput.nullable(), ball: ballViewOutput.nullable() }),
  ),
});
export type RoundPatch = z.infer<typeof roundPatchOutput>;

/**
 * What each live update carries: the change, and either the round as it now stands (a snapshot, a change
 * of the round's shape, the first score that freezes the handicaps, the end of a back-fill) or a patch of
 * what the scores changed. Inside a back-fill the earlier events carry neither.
 */
const updateFields = { round: roundViewOutput.optional(), patch: roundPatchOutput.optional() };
/** What rounds.onUpdate sends; parsed where each update is made (decision 0012). */
export const roundUpdateOutput = z.discriminatedUnion('type', [
  z.object({ ...changeFields.snapshot, ...updateFields }),
  z.object({ ...changeFields.side, ...updateFields }),
  z.object({ ...changeFields.participant, ...updateFields }),
  z.object({ ...changeFields.score, ...updateFields }),
  z.object({ ...changeFields.finished, ...updateFields }),
]);
export type RoundUpdate = RoundChange & { round?: RoundView; patch?: RoundPatch };

export const participantSearchOutput = z.object({
  /** Accounts the caller may add; `email` only on an exact e-mail match, and then the address typed. */
  accounts: z.array(
    z.object({
      userId: z.string(),
      name: z.string().nullable(),
      handicapIndex: z.number().nullable(),
      email: z.string().optional(),
    }),
  ),
  /** The caller's earlier guests, newest first, with the index they last played off. */
  guests: z.array(z.object({ name: z.string(), handicapIndex: z.number() })),
});
export type ParticipantSearchAnswer = z.infer<typeof participantSearchOutput>;
