import { z } from 'zod';
import { email, sixDigitCode } from './common';
import { userText } from './text';
import { publicUserOutput } from './auth';

export const emailInput = z.strictObject({ email });

/**
 * Confirming an added address or a merge: the link's token, or the six-digit code of the same mail
 * (for a phone that opened the mail elsewhere).
 */
export const confirmInput = z.union([
  z.strictObject({ token: z.string().min(1).max(200) }),
  z.strictObject({ code: sixDigitCode }),
]);

/** WHS: a plus handicap of up to +10.0 is stored as -10.0; the highest index is 54.0; one decimal. */
export const MIN_HANDICAP_INDEX = -10;
export const MAX_HANDICAP_INDEX = 54;
export const handicapIndex = z
  .number({ message: 'Handicapindeksen må være et tall.' })
  .min(MIN_HANDICAP_INDEX, { message: 'Handicapindeksen kan ikke være bedre enn +10,0.' })
  .max(MAX_HANDICAP_INDEX, { message: 'Handicapindeksen kan ikke være over 54,0.' })
  .refine((v) => Math.abs(v * 10 - Math.round(v * 10)) < 1e-9, { message: 'Handicapindeksen har én desimal.' });

export const updateProfileInput = z.strictObject({
  name: userText()
    .trim()
    .min(1, { message: 'Navnet kan ikke være tomt.' })
    .max(100, { message: 'Navnet kan ha høyst 100 tegn.' })
    .nullable()
    .optional(),
  handicapIndex: handicapIndex.nullable().optional(),
});

// ---- Outputs (decision 0012) ----

/** The primary address, then the secondary ones, oldest first. */
export const accountEmailsOutput = z.object({ primary: z.string(), secondary: z.array(z.string()) });
export type AccountEmails = z.infer<typeof accountEmailsOutput>;

/** A merge done: the surviving account, its addresses, and how much moved over from the other. */
export const mergeOutput = z.object({
  user: publicUserOutput,
  emails: accountEmailsOutput,
  moved: z.object({
    memberships: z.number(),
    rounds: z.number(),
    participations: z.number(),
    courses: z.number(),
    emails: z.number(),
  }),
});
