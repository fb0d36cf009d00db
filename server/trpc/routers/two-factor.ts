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
    .mutation(({ ctx, input }) =>
      verifyPendingSignIn(ctx.deps, { session: ctx.session, jar: ctx.cookies, code: input.code, ip: ctx.meta.ip }),
    ),

  sendEmailCode: anySessionProcedure
    .input(noInput)
    .output(okOutput)
    .mutation(async ({ ctx }) => {
      await sendEmailCode(ctx.deps, { session: ctx.session, language: ctx.meta.language });
      return ok;
    }),

  totpSetup: enrollingProcedure
    .input(twoFactorSetupInput.optional())
    .output(totpSetupOutput)
    .mutation(({ ctx, input }) =>
      startTotpSetup(ctx.deps, { user: ctx.user, currentCode: input?.currentCode, ip: ctx.meta.ip }),
    ),

  totpConfirm: enrollingProcedure
    .input(twoFactorConfirmInput)
    .output(enrolmentOutput)
    .mutation(({ ctx, input }) =>
      confirmTotpSetup(ctx.deps, {
        session: ctx.session,
        jar: ctx.cookies,
        code: input.code,
        ip: ctx.meta.ip,
        language: ctx.meta.language,
      }),
    ),

  emailSetup: enrollingProcedure
    .input(twoFactorSetupInput.optional())
    .output(okOutput)
    .mutation(async ({ ctx, input }) => {
      await startEmailSetup(ctx.deps, {
        user: ctx.user,
        currentCode: input?.currentCode,
        ip: ctx.meta.ip,
        language: ctx.meta.language,
      });
      return ok;
    }),

  emailConfirm: enrollingProcedure
    .input(twoFactorConfirmInput)
    .output(enrolmentOutput)
    .mutation(({ ctx, input }) =>
      confirmEmailSetup(ctx.deps, {
        session: ctx.session,
        jar: ctx.cookies,
        code: input.code,
        ip: ctx.meta.ip,
        language: ctx.meta.language,
      }),
    ),

  disable: userProcedure
    .input(twoFactorDisableInput)
    .output(okOutput)
    .mutation(async ({ ctx, input }) => {
      await disableTwoFactor(ctx.deps, {
        session: ctx.session,
        jar: ctx.cookies,
        code: input.code,
        ip: ctx.meta.ip,
        language: ctx.meta.language,
      });
      return ok;
    }),

  regenerateRecoveryCodes: userProcedure
    .input(regenerateRecoveryCodesInput)
    .output(recoveryCodesOutput)
    .mutation(({ ctx, input }) =>
      regenerateRecoveryCodes(ctx.deps, { user: ctx.user, code: input.code, ip: ctx.meta.ip }),
    ),
});
