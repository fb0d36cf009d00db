import { z } from 'zod';
import { sixDigitCode } from './common';
import { sessionOutput } from './auth';

/** A recovery code as typed: `xxxxx-xxxxx` in lower-case base32, either case, hyphen optional. */
export const recoveryCodePattern = /^[a-zA-Z2-7]{5}-?[a-zA-Z2-7]{5}$/;

/**
 * A second-factor code: six ASCII digits (TOTP or e-mailed code) or a recovery code. Anything else is
 * 400 INVALID_INPUT before any lookup, and does not count as a wrong code.
 */
export const secondFactorCode = z
  .string()
  .max(32, { message: 'errors.auth.sixDigitsOrRecoveryCode' })
  .refine((value) => /^[0-9]{6}$/.test(value) || recoveryCodePattern.test(value), {
    message: 'errors.auth.sixDigitsOrRecoveryCode',
  });

export const twoFactorVerifyInput = z.strictObject({ code: secondFactorCode });

/** Setup: `currentCode` is required when a method is already set (checked by the server, which knows). */
export const twoFactorSetupInput = z.strictObject({ currentCode: secondFactorCode.optional() });

/** Confirming a new method: the code from the new app or the e-mail just sent. */
export const twoFactorConfirmInput = z.strictObject({ code: sixDigitCode });

export const twoFactorDisableInput = z.strictObject({ code: secondFactorCode });

export const regenerateRecoveryCodesInput = z.strictObject({ code: secondFactorCode });

/** Body-less endpoints still refuse unknown fields (docs/contract.md section 1). */
export { noInput } from './common';

// ---- Outputs (decision 0012) ----

/** The new secret, shown once, and its otpauth:// URI for the QR code. */
export const totpSetupOutput = z.object({ secret: z.string(), otpauthUri: z.string() });
export const recoveryCodesOutput = z.object({ recoveryCodes: z.array(z.string()) });
/** A confirmed method: the fresh full session, and the recovery codes shown once. */
export const enrolmentOutput = sessionOutput.extend({ recoveryCodes: z.array(z.string()) });
