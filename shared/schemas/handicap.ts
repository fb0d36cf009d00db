import { z } from 'zod';
import { id, instantOutput } from './common';
import { playsWithSchema } from './values';

/** PUT /account/handicap/plays-with: which index rounds and tournaments freeze from now on. */
export const setPlaysWithInput = z.strictObject({ playsWith: playsWithSchema });

/** POST /rounds/{round_id}/attest: the co-player's card being attested. */
export const attestInput = z.strictObject({ roundId: id, participantId: id });

/**
 * One score of the record. Rating and slope are the player's own score's inputs, shown here only. An
 * unpaired nine-hole score waits for its partner: no differential yet, and it does not count.
 */
export const scoreRecordOutput = z.object({
  id: z.string(),
  playedOn: z.string(),
  holes: z.union([z.literal(18), z.literal(9)]),
  course: z.object({ name: z.string() }),
  tee: z.object({ name: z.string() }),
  round: z.object({ id: z.string() }).optional(),
  tournament: z.object({ slug: z.string(), name: z.string() }).optional(),
  adjustedGross: z.number(),
  courseRating: z.number(),
  slope: z.number(),
  pcc: z.literal(0),
  differential: z.number().nullable(),
  counting: z.boolean(),
  exceptionalReduction: z.union([z.literal(0), z.literal(1), z.literal(2)]),
  combinedWith: z.string().optional(),
  attestedBy: z.object({ name: z.string() }),
});
export type ScoreRecord = z.infer<typeof scoreRecordOutput>;

export const handicapRecordOutput = z.object({
  enteredIndex: z.number().nullable(),
  calculatedIndex: z.number().nullable(),
  lowIndex: z.number().nullable(),
  playsWith: playsWithSchema,
  /** Newest first, all of them; the most recent 20 decide the index. */
  scores: z.array(scoreRecordOutput),
  /** One point per day the calculated index changed, oldest first. */
  history: z.array(z.object({ date: z.string(), index: z.number() })),
});
export type HandicapRecordView = z.infer<typeof handicapRecordOutput>;

export const attestationOutput = z.object({
  participantId: z.string(),
  attestedBy: z.object({ name: z.string() }),
  attestedAt: instantOutput,
});
