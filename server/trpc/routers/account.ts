import {
  accountDeletedOutput,
  accountEmailsOutput,
  accountExportOutput,
  confirmInput,
  deleteAccountInput,
  emailInput,
  mergeOutput,
  languageOutput,
  setLanguageInput,
  updateProfileInput,
} from '../../../shared/schemas/account';
import { userOutput } from '../../../shared/schemas/auth';
import { noInput, okOutput } from '../../../shared/schemas/common';
import { deleteAccount, requestDeletionCode } from '../../account/deletion';
import { confirmAddEmail, listEmails, removeEmail, requestAddEmail } from '../../account/emails';
import { exportAccount } from '../../account/export';
import { confirmMerge, requestMerge } from '../../account/merge';
import { setLanguage, updateProfile } from '../../account/profile';
import { router, userProcedure } from '../init';

export const accountRouter = router({
  emails: userProcedure.output(accountEmailsOutput).query(({ ctx }) => listEmails(ctx.deps.db, ctx.user)),
  addEmail: userProcedure
    .input(emailInput)
    .output(okOutput)
    .mutation(({ ctx, input }) => requestAddEmail(ctx.deps, ctx.actor, input)),
  confirmEmail: userProcedure
    .input(confirmInput)
    .output(accountEmailsOutput)
    .mutation(({ ctx, input }) => confirmAddEmail(ctx.deps, ctx.actor, input)),
  removeEmail: userProcedure
    .input(emailInput)
    .output(accountEmailsOutput)
    .mutation(({ ctx, input }) => removeEmail(ctx.deps, ctx.actor, input)),
  requestMerge: userProcedure
    .input(emailInput)
    .output(okOutput)
    .mutation(({ ctx, input }) => requestMerge(ctx.deps, ctx.actor, input)),
  confirmMerge: userProcedure
    .input(confirmInput)
    .output(mergeOutput)
    .mutation(({ ctx, input }) => confirmMerge(ctx.deps, ctx.actor, input)),
  updateProfile: userProcedure
    .input(updateProfileInput)
    .output(userOutput)
    .mutation(({ ctx, input }) => updateProfile(ctx.deps, ctx.actor, input)),
  // The account's language beside auth.me, whose answer is the contract's {user} alone (decision 0108).
  language: userProcedure.output(languageOutput).query(({ ctx }) => ({ language: ctx.user.language ?? null })),
  setLanguage: userProcedure
    .input(setLanguageInput)
    .output(languageOutput)
    .mutation(({ ctx, input }) => setLanguage(ctx.deps, ctx.actor, input)),
  // The user's own data and the account's deletion (decision 0106).
  export: userProcedure.output(accountExportOutput).query(({ ctx }) => exportAccount(ctx.deps, ctx.actor)),
  requestDeletionCode: userProcedure
    .input(noInput)
    .output(okOutput)
    .mutation(({ ctx }) => requestDeletionCode(ctx.deps, ctx.actor)),
  delete: userProcedure
    .input(deleteAccountInput)
    .output(accountDeletedOutput)
    .mutation(({ ctx, input }) => deleteAccount(ctx.deps, ctx.holder, input)),
});
