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
import { byActor, byHolder, thenOk } from '../calls';
import { anySessionProcedure, enrollingProcedure, pendingProcedure, router, userProcedure } from '../init';

/** docs/contract.md section 4, the /auth/2fa rows. The rules live in server/auth/two-factor/ (the policy in policy.ts). */
export const twoFactorRouter = router({
  verify: pendingProcedure.input(twoFactorVerifyInput).output(sessionOutput).mutation(byHolder(verifyPendingSignIn)),

  sendEmailCode: anySessionProcedure
    .input(noInput)
    .output(okOutput)
    .mutation(thenOk(byHolder(sendEmailCode))),

  totpSetup: enrollingProcedure
    .input(twoFactorSetupInput.optional())
    .output(totpSetupOutput)
    .mutation(byHolder(startTotpSetup)),

  totpConfirm: enrollingProcedure
    .input(twoFactorConfirmInput)
    .output(enrolmentOutput)
    .mutation(byHolder(confirmTotpSetup)),

  emailSetup: enrollingProcedure
    .input(twoFactorSetupInput.optional())
    .output(okOutput)
    .mutation(thenOk(byHolder(startEmailSetup))),

  emailConfirm: enrollingProcedure
    .input(twoFactorConfirmInput)
    .output(enrolmentOutput)
    .mutation(byHolder(confirmEmailSetup)),

  disable: userProcedure
    .input(twoFactorDisableInput)
    .output(okOutput)
    .mutation(thenOk(byHolder(disableTwoFactor))),

  regenerateRecoveryCodes: userProcedure
    .input(regenerateRecoveryCodesInput)
    .output(recoveryCodesOutput)
    .mutation(byActor(regenerateRecoveryCodes)),
});
