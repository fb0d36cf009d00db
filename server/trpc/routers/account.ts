import {
  accountEmailsOutput,
  confirmInput,
  emailInput,
  mergeOutput,
  updateProfileInput,
} from '../../../shared/schemas/account';
import { userOutput } from '../../../shared/schemas/auth';
import { okOutput } from '../../../shared/schemas/common';
import { confirmAddEmail, listEmails, removeEmail, requestAddEmail } from '../../account/emails';
import { confirmMerge, requestMerge } from '../../account/merge';
import { updateProfile } from '../../account/profile';
import { router, userProcedure } from '../init';

export const accountRouter = router({
  emails: userProcedure.output(accountEmailsOutput).query(({ ctx }) => listEmails(ctx.deps.db, ctx.user)),
  addEmail: userProcedure
    .input(emailInput)
    .output(okOutput)
    .mutation(({ ctx, input }) => requestAddEmail(ctx.deps, { user: ctx.user, email: input.email })),
  confirmEmail: userProcedure
    .input(confirmInput)
    .output(accountEmailsOutput)
    .mutation(({ ctx, input }) => confirmAddEmail(ctx.deps, { user: ctx.user, confirmation: input, ip: ctx.meta.ip })),
  removeEmail: userProcedure
    .input(emailInput)
    .output(accountEmailsOutput)
    .mutation(({ ctx, input }) => removeEmail(ctx.deps, { user: ctx.user, email: input.email, ip: ctx.meta.ip })),
  requestMerge: userProcedure
    .input(emailInput)
    .output(okOutput)
    .mutation(({ ctx, input }) => requestMerge(ctx.deps, { user: ctx.user, email: input.email })),
  confirmMerge: userProcedure
    .input(confirmInput)
    .output(mergeOutput)
    .mutation(({ ctx, input }) => confirmMerge(ctx.deps, { user: ctx.user, confirmation: input, ip: ctx.meta.ip })),
  updateProfile: userProcedure
    .input(updateProfileInput)
    .output(userOutput)
    .mutation(({ ctx, input }) => updateProfile(ctx.deps, { user: ctx.user, ...input })),
});
