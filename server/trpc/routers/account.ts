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
import { calendarAddressOutput } from '../../../shared/schemas/calendar';
import { userOutput } from '../../../shared/schemas/auth';
import { noInput, okOutput } from '../../../shared/schemas/common';
import { addPushSubscriptionInput, removePushSubscriptionInput } from '../../../shared/schemas/push';
import { addPushSubscription, removePushSubscription } from '../../push/subscriptions';
import { calendarAddress, renewCalendarAddress } from '../../calendar/address';
import { deleteAccount, requestDeletionCode } from '../../account/deletion';
import { confirmAddEmail, listEmails, removeEmail, requestAddEmail } from '../../account/emails';
import { exportAccount } from '../../account/export';
import { confirmMerge, requestMerge } from '../../account/merge';
import { setLanguage, updateProfile } from '../../account/profile';
import { byActor, byHolder } from '../calls';
import { router, userProcedure } from '../init';

export const accountRouter = router({
  emails: userProcedure.output(accountEmailsOutput).query(({ ctx }) => listEmails(ctx.deps.db, ctx.user)),
  addEmail: userProcedure.input(emailInput).output(okOutput).mutation(byActor(requestAddEmail)),
  confirmEmail: userProcedure.input(confirmInput).output(accountEmailsOutput).mutation(byActor(confirmAddEmail)),
  removeEmail: userProcedure.input(emailInput).output(accountEmailsOutput).mutation(byActor(removeEmail)),
  requestMerge: userProcedure.input(emailInput).output(okOutput).mutation(byActor(requestMerge)),
  confirmMerge: userProcedure.input(confirmInput).output(mergeOutput).mutation(byActor(confirmMerge)),
  updateProfile: userProcedure.input(updateProfileInput).output(userOutput).mutation(byActor(updateProfile)),
  // The account's language beside auth.me, whose answer is the contract's {user} alone (decision 0108).
  language: userProcedure.output(languageOutput).query(({ ctx }) => ({ language: ctx.user.language ?? null })),
  setLanguage: userProcedure.input(setLanguageInput).output(languageOutput).mutation(byActor(setLanguage)),
  // The user's own data and the account's deletion (decision 0106).
  export: userProcedure.output(accountExportOutput).query(byActor(exportAccount)),
  requestDeletionCode: userProcedure.input(noInput).output(okOutput).mutation(byActor(requestDeletionCode)),
  // The secret calendar address (decision 0430): made on the first read; renewing makes the old one 404.
  calendar: userProcedure.output(calendarAddressOutput).query(byActor(calendarAddress)),
  renewCalendar: userProcedure.input(noInput).output(calendarAddressOutput).mutation(byActor(renewCalendarAddress)),
  delete: userProcedure.input(deleteAccountInput).output(accountDeletedOutput).mutation(byHolder(deleteAccount)),
  // This browser's push messages (decision 0429).
  addPushSubscription: userProcedure
    .input(addPushSubscriptionInput)
    .output(okOutput)
    .mutation(byActor(addPushSubscription)),
  removePushSubscription: userProcedure
    .input(removePushSubscriptionInput)
    .output(okOutput)
    .mutation(byActor(removePushSubscription)),
});
