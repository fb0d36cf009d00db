import { z } from 'zod';
import { email, sixDigitCode } from './common';
import { languageSchema, sessionStageSchema, twoFactorMethodSchema } from './values';

/** docs/contract.md section 5. Counted in characters (code points), as a person would count them. */
export const PASSWORD_MIN_CHARACTERS = 10;
export const PASSWORD_MAX_CHARACTERS = 1024;

function characters(value: string): number {
  let n = 0;
  for (const _ of value) n++;
  return n;
}

/**
 * A password exactly as typed: never trimmed or normalised. Too long is refused here, before any hashing,
 * so a megabyte "password" costs nothing (the 100 KiB body limit stops anything larger earlier still).
 */
const passwordText = z.string().refine((value) => characters(value) <= PASSWORD_MAX_CHARACTERS, {
  message: 'errors.auth.passwordTooLong',
  params: { maximum: PASSWORD_MAX_CHARACTERS },
  abort: true,
});

/** A new password: 10 to 1024 characters, any characters, spaces included. */
export const newPassword = passwordText.refine((value) => characters(value) >= PASSWORD_MIN_CHARACTERS, {
  message: 'errors.auth.passwordTooShort',
  params: { minimum: PASSWORD_MIN_CHARACTERS },
});

export const requestLinkInput = z.strictObject({ email });

/** The sign-in link's token: 32 random bytes, base64url (43 characters). Anything else is simply unknown. */
const linkToken = z
  .string()
  .min(1, { message: 'errors.auth.linkMissing' })
  .max(256, { message: 'errors.auth.invalidLink' });

/**
 * `{token}` from the link, or `{email, code}` typed from the same mail on another device. Parsed into a
 * tagged value so the domain code never guesses which one it got.
 */
export const verifyLinkInput = z
  .strictObject({ token: linkToken.optional(), email: email.optional(), code: sixDigitCode.optional() })
  .superRefine((value, ctx) => {
    if (value.token !== undefined) {
      if (value.email !== undefined || value.code !== undefined) {
        ctx.addIssue({ code: 'custom', path: ['token'], message: 'errors.auth.linkOrEmailAndCode' });
      }
      return;
    }
    if (value.email === undefined)
      ctx.addIssue({ code: 'custom', path: ['email'], message: 'errors.auth.emailMissing' });
    if (value.code === undefined) ctx.addIssue({ code: 'custom', path: ['code'], message: 'errors.auth.codeMissing' });
  })
  .transform((value) =>
    value.token !== undefined
      ? ({ kind: 'token', token: value.token } as const)
      : ({ kind: 'code', email: value.email!, code: value.code! } as const),
  );

/**
 * Sign-in takes any password up to the maximum: a short one simply does not match (401), so the form
 * never tells an attacker more than "wrong e-mail or password".
 */
export const loginInput = z.strictObject({ email, password: passwordText });

export const setPasswordInput = z.strictObject({
  newPassword,
  currentPassword: passwordText.optional(),
});

export type RequestLinkInput = z.infer<typeof requestLinkInput>;
export type VerifyLinkInput = z.output<typeof verifyLinkInput>;
export type LoginInput = z.infer<typeof loginInput>;
export type SetPasswordInput = z.infer<typeof setPasswordInput>;

// ---- Outputs (decision 0012) ----

/** The `User` of docs/contract.md section 4: what the client may know about an account, and nothing more. */
export const publicUserOutput = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string().nullable(),
  handicapIndex: z.number().nullable(),
  twoFactorMethod: twoFactorMethodSchema.nullable(),
  isSuperAdmin: z.boolean(),
  hasPassword: z.boolean(),
});
export type PublicUser = z.infer<typeof publicUserOutput>;

/** GET /auth/me, PATCH /account/profile. */
export const userOutput = z.object({ user: publicUserOutput });

/** A sign-in step's answer: the account and the stage the new session is in. */
export const sessionOutput = z.object({ user: publicUserOutput, stage: sessionStageSchema });

/**
 * auth.session (tRPC only, the app's start-up check): who this browser's session belongs to, answered 200
 * also for nobody. `user` only for a full session; `stage` for any valid session (null: none), so a sign-in
 * waiting for its second factor is still known; `language`, the account's saved choice (decision 0108).
 */
export const sessionStateOutput = z.object({
  user: publicUserOutput.nullable(),
  stage: sessionStageSchema.nullable(),
  language: languageSchema.nullable(),
});
