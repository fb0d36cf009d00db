import { z } from 'zod';
import { id } from './common';
import { userText } from './text';
import type { CourseKind, RoundFormat, RoundHoles, RoundStatus } from '../values';
import { queryNumber, queryText, type Tee } from './courses';
import { roundFormatSchema, roundHolesSchema } from './values';

/** Rounds (CONTRACT.md section 8). Inputs are strict: unknown fields are 400 INVALID_INPUT. */

export const HANDICAP_INDEX_RANGE = { min: -10, max: 54 } as const;
/** The index a participant without one plays off (the World Handicap System's maximum). */
export const DEFAULT_HANDICAP_INDEX = 54;

/** A Handicap Index with one decimal; a plus index ("+2.1") is written as a negative number (−2.1). */
export const handicapIndexField = z
  .number()
  .min(HANDICAP_INDEX_RANGE.min, { message: 'Handicap må være mellom +10 og 54.' })
  .max(HANDICAP_INDEX_RANGE.max, { message: 'Handicap må være mellom +10 og 54.' })
  .refine((v) => Math.abs(v * 10 - Math.round(v * 10)) < 1e-9, { message: 'Handicap oppgis med én desimal.' });

export const roundCreateInput = z.strictObject({
  courseId: id,
  teeId: id,
  playedOn: z.iso.date({ message: 'Datoen skrives ÅÅÅÅ-MM-DD.' }),
  format: roundFormatSchema,
  holes: roundHolesSchema,
});

export const roundIdInput = z.strictObject({ roundId: id });

export const addSideInput = z.strictObject({
  roundId: id,
  name: userText().trim().min(1, { message: 'Siden må ha et navn.' }).max(60),
});

export const guestInput = z.strictObject({
  name: userText().trim().min(1, { message: 'Gjesten må ha et navn.' }).max(80),
  handicapIndex: handicapIndexField,
});

/** An account (`userId`, found through the participant search) or a guest: exactly one of the two. */
export const addParticipantInput = z
  .strictObject({ roundId: id, sideId: id, userId: id.optional(), guest: guestInput.optional() })
  .refine((v) => (v.userId === undefined) !== (v.guest === undefined), {
    message: 'Oppgi enten userId eller guest.',
    path: ['userId'],
  });

const strokesField = z
  .number()
  .int()
  .min(1, { message: 'Slag må være mellom 1 og 20.' })
  .max(20, { message: 'Slag må være mellom 1 og 20.' })
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

export interface HoleScore {
  hole: number;
  par: number;
  strokeIndex: number;
  strokes: number | null;
  /** Strokes received on this hole for play in this format (match play: relative to the lowest handicap). */
  strokesReceived: number;
  net: number | null;
  stablefordPoints: number | null;
  /** The score for handicap purposes: capped at net double bogey. */
  adjustedStrokes: number | null;
}

export interface ParticipantView {
  id: string;
  sideId: string;
  userId: string | null;
  name: string;
  isGuest: boolean;
  /** The 18-hole index (frozen when the round started); halved for nine holes in the handicaps below. */
  handicapIndex: number;
  /** Whole (rounded half away from zero). */
  courseHandicap: number;
  playingHandicap: number;
  /** Match play only: strokes received in the match. */
  matchHandicap: number | null;
  holes: HoleScore[];
  totals: ParticipantTotals;
}

/** A player's running totals over the holes scored so far. */
export interface ParticipantTotals {
  holesPlayed: number;
  gross: number;
  net: number;
  stablefordPoints: number;
  /** Net-double-bogey adjusted gross. */
  adjustedGross: number;
  grossToPar: number;
  netToPar: number;
}

export type Standing =
  | { format: 'stroke'; holesPlayed: number; net: number; netToPar: number; position: number | null }
  | { format: 'stableford'; holesPlayed: number; points: number; position: number | null }
  | {
      format: 'match';
      holesPlayed: number;
      holesRemaining: number;
      holesUp: number;
      decided: boolean;
      result: 'won' | 'lost' | 'halved' | null;
      status: string;
      position: number | null;
    };

export interface SideView {
  id: string;
  name: string;
  /** Null in match play until there are exactly two sides. */
  standing: Standing | null;
  participants: ParticipantView[];
}

export interface RoundView {
  id: string;
  ownerUserId: string;
  playedOn: string;
  format: RoundFormat;
  holes: RoundHoles;
  status: RoundStatus;
  /** ISO instants. `startedAt` is the first score: handicaps are frozen from then on. */
  createdAt: string;
  startedAt: string | null;
  finishedAt: string | null;
  /** Whether the round is in the public feed now (rounds.share, not since unshared or hidden; decision 0507). */
  shared: boolean;
  handicapsFrozen: boolean;
  allowancePercent: number;
  course: {
    id: string;
    kind: CourseKind;
    name: string;
    club?: { slug: string; name: string };
    country: string;
  };
  tee: Tee;
  /** The holes played, in order. */
  card: { hole: number; par: number; strokeIndex: number; lengthMeters: number | null }[];
  sides: SideView[];
}

export interface RoundSummary {
  id: string;
  playedOn: string;
  format: RoundFormat;
  holes: RoundHoles;
  status: RoundStatus;
  createdAt: string;
  isOwner: boolean;
  course: { id: string; name: string; club?: { slug: string; name: string } };
  tee: { id: string; name: string };
  participantCount: number;
}

/** A change to a round, as the event log keeps it. */
export type RoundChange =
  | { type: 'snapshot' }
  | { type: 'side'; sideId: string }
  | { type: 'participant'; participantId: string }
  | { type: 'score'; participantId: string; hole: number; strokes: number | null }
  | { type: 'finished' };

/**
 * What live scores changed, in absolute values: for each player scored, the holes scored and the new
 * totals; and every side's standing. (Strokes received do not change once play has started, so the other
 * holes of a card stay as they were.) The app puts them into the round it holds.
 */
export interface RoundPatch {
  participants: { id: string; holes: HoleScore[]; totals: ParticipantTotals }[];
  standings: { sideId: string; standing: Standing | null }[];
}

/**
 * What each live update carries: the change, and either the round as it now stands (a snapshot, a change
 * of the round's shape, the first score that freezes the handicaps, the end of a back-fill) or a patch of
 * what the scores changed. Inside a back-fill the earlier events carry neither.
 */
export type RoundUpdate = RoundChange & { round?: RoundView; patch?: RoundPatch };

export interface ParticipantSearchAnswer {
  /** Accounts the caller may add; `email` only on an exact e-mail match, and then the address typed. */
  accounts: { userId: string; name: string | null; handicapIndex: number | null; email?: string }[];
  /** The caller's earlier guests, newest first, with the index they last played off. */
  guests: { name: string; handicapIndex: number }[];
}
