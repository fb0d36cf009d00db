import { disableTwoFactor, regenerateRecoveryCodes } from '../../auth/two-factor/disable';
import { sendEmailCode } from '../../auth/two-factor/email';
import { confirmEmailSetup, confirmTotpSetup, startEmailSetup, startTotpSetup } from '../../auth/two-factor/enrolment';
import { verifyPendingSignIn } from '../../auth/two-factor/verify';
import {
  enrolmentOutput,
  noInput,
  recoveryCodesOutput,
  regenerateRecoveryCodesInput,
  twoFactorConfirmInput,
  twoFactorDisableInput,
  twoFactorSetupInput,
  totpSetupOutput,
  twoFactorVerifyInput,
} from '../../../shared/schemas/twoFactor';
import { sessionOutput } from '../../../shared/schemas/auth';
import { okOutput } from '../../../shared/schemas/common';
import { anySessionProcedure, enrollingProcedure, pendingProcedure, router, userProcedure } from '../init';

const ok = { ok: true } as const;

/** docs/contract.md section 4, the /auth/2fa rows. The rules live in server/auth/two-factor/ (the policy in policy.ts). */
export const twoFactorRouter = router({
  verify: pendingProcedure
    .input(twoFactorVerifyInput)
    .output(sessionOutput)
    .mutation(({ ctx, input }) => verifyPendingSignIn(ctx.deps, ctx.holder, input)),

  sendEmailCode: anySessionProcedure
    .input(noInput)
    .output(okOutput)
    .mutation(async ({ ctx }) => {
      await sendEmailCode(ctx.deps, ctx.holder);
      return ok;
    }),

  totpSetup: enrollingProcedure
    .input(twoFactorSetupInput.optional())
    .output(totpSetupOutput)
    .mutation(({ ctx, input }) => startTotpSetup(ctx.deps, ctx.holder, input)),

  totpConfirm: enrollingProcedure
    .input(twoFactorConfirmInput)
    .output(enrolmentOutput)
    .mutation(({ ctx, input }) => confirmTotpSetup(ctx.deps, ctx.holder, input)),

  emailSetup: enrollingProcedure
    .input(twoFactorSetupInput.optional())
    .output(okOutput)
    .mutation(async ({ ctx, input }) => {
      await startEmailSetup(ctx.deps, ctx.holder, input);
      return ok;
    }),

  emailConfirm: enrollingProcedure
    .input(twoFactorConfirmInput)
    .output(enrolmentOutput)
    .mutation(({ ctx, input }) => confirmEmailSetup(ctx.deps, ctx.holder, input)),

  disable: userProcedure
    .input(twoFactorDisableInput)
    .output(okOutput)
    .mutation(async ({ ctx, input }) => {
      await disableTwoFactor(ctx.deps, ctx.holder, input);
      return ok;
    }),

  regenerateRecoveryCodes: userProcedure
    .input(regenerateRecoveryCodesInput)
    .output(recoveryCodesOutput)
    .mutation(({ ctx, input }) => regenerateRecoveryCodes(ctx.deps, ctx.actor, input)),
});
