import { disableTwoFactor, regenerateRecoveryCodes } from '../../auth/two-factor/disable';
import { sendEmailCode } from '../../auth/two-factor/email';
import { confirmEmailSetup, confirmTotpSetup, startEmailSetup, startTotpSetup } from '../../auth/two-factor/enrolment';
import { verifyPendingSignIn } from '../../auth/two-factor/verify';
import {
  noInput,
  regenerateRecoveryCodesInput,
  twoFactorConfirmInput,
  twoFactorDisableInput,
  twoFactorSetupInput,
  twoFactorVerifyInput,
} from '../../../shared/schemas/twoFactor';
import { anySessionProcedure, enrollingProcedure, pendingProcedure, router, userProcedure } from '../init';

const ok = { ok: true } as const;

/** CONTRACT.md section 4, the /auth/2fa rows. The rules live in server/auth/two-factor/ (the policy in policy.ts). */
export const twoFactorRouter = router({
  verify: pendingProcedure
    .input(twoFactorVerifyInput)
    .mutation(({ ctx, input }) =>
      verifyPendingSignIn(ctx.deps, { session: ctx.session, jar: ctx.cookies, code: input.code, ip: ctx.meta.ip }),
    ),

  sendEmailCode: anySessionProcedure.input(noInput).mutation(async ({ ctx }) => {
    await sendEmailCode(ctx.deps, { session: ctx.session });
    return ok;
  }),

  totpSetup: enrollingProcedure
    .input(twoFactorSetupInput.optional())
    .mutation(({ ctx, input }) =>
      startTotpSetup(ctx.deps, { user: ctx.user, currentCode: input?.currentCode, ip: ctx.meta.ip }),
    ),

  totpConfirm: enrollingProcedure
    .input(twoFactorConfirmInput)
    .mutation(({ ctx, input }) =>
      confirmTotpSetup(ctx.deps, { session: ctx.session, jar: ctx.cookies, code: input.code, ip: ctx.meta.ip }),
    ),

  emailSetup: enrollingProcedure.input(twoFactorSetupInput.optional()).mutation(async ({ ctx, input }) => {
    await startEmailSetup(ctx.deps, { user: ctx.user, currentCode: input?.currentCode, ip: ctx.meta.ip });
    return ok;
  }),

  emailConfirm: enrollingProcedure
    .input(twoFactorConfirmInput)
    .mutation(({ ctx, input }) =>
      confirmEmailSetup(ctx.deps, { session: ctx.session, jar: ctx.cookies, code: input.code, ip: ctx.meta.ip }),
    ),

  disable: userProcedure.input(twoFactorDisableInput).mutation(async ({ ctx, input }) => {
    await disableTwoFactor(ctx.deps, { session: ctx.session, jar: ctx.cookies, code: input.code, ip: ctx.meta.ip });
    return ok;
  }),

  regenerateRecoveryCodes: userProcedure
    .input(regenerateRecoveryCodesInput)
    .mutation(({ ctx, input }) =>
      regenerateRecoveryCodes(ctx.deps, { user: ctx.user, code: input.code, ip: ctx.meta.ip }),
    ),
});
