import {
  accountDeletedOutput,
  accountExportOutput,
  confirmInput,
  deleteAccountInput,
  emailInput,
  updateProfileInput,
} from '../../../shared/schemas/account';
import { noInput } from '../../../shared/schemas/common';
import { deleteAccount, requestDeletionCode } from '../../account/deletion';
import { confirmAddEmail, listEmails, removeEmail, requestAddEmail } from '../../account/emails';
import { exportAccount } from '../../account/export';
import { confirmMerge, requestMerge } from '../../account/merge';
import { updateProfile } from '../../account/profile';
import { router, userProcedure } from '../init';

export const accountRouter = router({
  emails: userProcedure.query(({ ctx }) => listEmails(ctx.deps.db, ctx.user)),
  addEmail: userProcedure
    .input(emailInput)
    .mutation(({ ctx, input }) => requestAddEmail(ctx.deps, { user: ctx.user, email: input.email })),
  confirmEmail: userProcedure
    .input(confirmInput)
    .mutation(({ ctx, input }) => confirmAddEmail(ctx.deps, { user: ctx.user, confirmation: input, ip: ctx.meta.ip })),
  removeEmail: userProcedure
    .input(emailInput)
    .mutation(({ ctx, input }) => removeEmail(ctx.deps, { user: ctx.user, email: input.email, ip: ctx.meta.ip })),
  requestMerge: userProcedure
    .input(emailInput)
    .mutation(({ ctx, input }) => requestMerge(ctx.deps, { user: ctx.user, email: input.email })),
  confirmMerge: userProcedure
    .input(confirmInput)
    .mutation(({ ctx, input }) => confirmMerge(ctx.deps, { user: ctx.user, confirmation: input, ip: ctx.meta.ip })),
  updateProfile: userProcedure
    .input(updateProfileInput)
    .mutation(({ ctx, input }) => updateProfile(ctx.deps, { user: ctx.user, ...input })),
  // The user's own data and the account's deletion (decision 0106).
  export: userProcedure.output(accountExportOutput).query(({ ctx }) => exportAccount(ctx.deps, { user: ctx.user })),
  requestDeletionCode: userProcedure
    .input(noInput)
    .mutation(({ ctx }) => requestDeletionCode(ctx.deps, { user: ctx.user })),
  delete: userProcedure
    .input(deleteAccountInput)
    .output(accountDeletedOutput)
    .mutation(({ ctx, input }) =>
      deleteAccount(ctx.deps, {
        user: ctx.user,
        jar: ctx.cookies,
        code: input.code,
        twoFactorCode: input.twoFactorCode,
        ip: ctx.meta.ip,
      }),
    ),
});
