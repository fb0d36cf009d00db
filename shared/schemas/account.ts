import { z } from 'zod';
import { languageSchema, twoFactorMethodSchema } from './values';
import { email, sixDigitCode } from './common';
import { courseOutput } from './courses';
import { feedItemSchema } from './feed';
import { handicapRecordOutput } from './handicap';
import { handicapIndex } from './handicap-index';
import { secondFactorCode } from './twoFactor';
import { userText } from './text';
import { publicUserOutput } from './auth';

export const emailInput = z.strictObject({ email });

/** The account's language (decision 0108): "nb", "en", or null to follow the browser. */
export const setLanguageInput = z.strictObject({ language: languageSchema.nullable() });
export const languageOutput = z.object({ language: languageSchema.nullable() });

/**
 * Confirming an added address or a merge: the link's token, or the six-digit code of the same mail
 * (for a phone that opened the mail elsewhere).
 */
export const confirmInput = z.union([
  z.strictObject({ token: z.string().min(1).max(200) }),
  z.strictObject({ code: sixDigitCode }),
]);

export { MAX_HANDICAP_INDEX, MIN_HANDICAP_INDEX } from '../handicap-index';

export const updateProfileInput = z.strictObject({
  name: userText()
    .trim()
    .min(1, { message: 'errors.fields.nameEmpty' })
    .max(100, { message: 'errors.fields.nameTooLong' })
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

/**
 * Deleting the account (decision 0106): the six-digit code mailed by account.requestDeletionCode, and a code
 * of the user's second factor (TOTP, e-mailed code or recovery code) when 2FA is on.
 */
export const deleteAccountInput = z.strictObject({ code: sixDigitCode, twoFactorCode: secondFactorCode.optional() });

const instant = z.string();

/**
 * GET /account/export (decision 0106): the user's own data. An object schema strips any field it does not
 * name, so no column added to a table later can leak into the download without being named here. Rounds
 * are the round view the user sees in the app (`rounds.get`), with whether the user owns it.
 */
export const accountExportOutput = z.object({
  format: z.literal('golf-konto-eksport'),
  version: z.literal(1),
  exportedAt: instant,
  profile: z.object({
    id: z.string(),
    email: z.string(),
    name: z.string().nullable(),
    handicapIndex: z.number().nullable(),
    twoFactorMethod: twoFactorMethodSchema.nullable(),
    isSuperAdmin: z.boolean(),
    hasPassword: z.boolean(),
    createdAt: instant,
  }),
  addresses: z.object({
    primary: z.string(),
    secondary: z.array(z.object({ email: z.string(), addedAt: instant })),
  }),
  memberships: z.array(
    z.object({ organization: z.object({ id: z.string(), name: z.string() }), role: z.string(), since: instant }),
  ),
  rounds: z.array(z.looseObject({ id: z.string(), playedOn: z.string(), isOwner: z.boolean() })),
  personalCourses: z.array(courseOutput),
  /** The handicap record as GET /account/handicap answers it. */
  handicapRecord: handicapRecordOutput,
  tournamentEntries: z.array(
    z.object({
      tournament: z.object({
        id: z.string(),
        name: z.string(),
        slug: z.string(),
        status: z.string(),
        organization: z.object({ name: z.string() }),
      }),
      entryId: z.string(),
      name: z.string(),
      division: z.string(),
      handicapIndex: z.number().nullable(),
      playingHandicap: z.number().nullable(),
      enteredAt: instant,
      scores: z.array(z.object({ round: z.number(), hole: z.number(), strokes: z.number() })),
    }),
  ),
  chatMessages: z.array(
    z.object({
      id: z.string(),
      organization: z.object({ name: z.string() }),
      text: z.string().nullable(),
      createdAt: instant,
      editedAt: instant.nullable(),
      deleted: z.boolean(),
    }),
  ),
  feedItems: z.array(feedItemSchema),
  /** That a secret calendar address exists and since when (decision 0430); never the address or its token. */
  calendarAddress: z.object({ since: instant }).nullable(),
  securityEvents: z.array(
    z.object({
      action: z.string(),
      at: instant,
      ip: z.string().nullable(),
      byYou: z.boolean(),
      organization: z.object({ name: z.string() }).optional(),
      details: z.record(z.string(), z.unknown()),
    }),
  ),
  /**
   * The browsers that take the account's push messages (decision 0429): the push service's origin and when,
   * not the endpoint's path or keys, which are the capability to push to the phone.
   */
  pushSubscriptions: z.array(z.object({ service: z.string(), since: instant })),
});
export type AccountExport = z.infer<typeof accountExportOutput>;

/** The answer of DELETE /account: the session is over; nothing of the account is left to show. */
export const accountDeletedOutput = z.object({ ok: z.literal(true) });
