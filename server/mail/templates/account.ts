import type { Language } from '../../../shared/values';
import type { MailMessage } from '../mailer';
import { mailWords, textMail } from '../words';

/** What a confirmation of an address needs: whose account asks, and the link and code that confirm. */
interface ConfirmationInput {
  to: string;
  accountEmail: string;
  link: string;
  code: string;
  minutes: number;
  language: Language;
}

/** The part both confirmation mails share: how to confirm (link or code), for how long, and the reassurance. */
function confirmWith(how: string, input: ConfirmationInput): string[] {
  const t = mailWords(input.language);
  return [
    '',
    how,
    input.link,
    '',
    t('common.orCode', { code: input.code }),
    '',
    t('common.linkValid', { minutes: input.minutes }),
    t('confirm.notYou'),
  ];
}

/** Sent to the address being added: its owner proves control by the link or the code. */
export function addEmailMail(input: ConfirmationInput): MailMessage {
  const t = mailWords(input.language);
  return textMail(input.to, t('addEmail.subject'), [
    t('addEmail.asked', { account: input.accountEmail }),
    ...confirmWith(t('addEmail.how'), input),
  ]);
}

/** Sent to the account's own address: the code that confirms deleting the account (decision 0106). */
export function accountDeletionMail(input: {
  to: string;
  code: string;
  minutes: number;
  language: Language;
}): MailMessage {
  const t = mailWords(input.language);
  return textMail(input.to, t('deletion.subject'), [
    t('deletion.asked'),
    '',
    t('common.typeCode', { code: input.code }),
    '',
    t('common.codeValid', { minutes: input.minutes }),
    t('deletion.final'),
    t('deletion.notYou'),
  ]);
}

/** Sent to the address of the account that would be merged away and deleted. */
export function mergeMail(input: ConfirmationInput): MailMessage {
  const t = mailWords(input.language);
  return textMail(input.to, t('merge.subject'), [
    t('merge.asked', { account: input.accountEmail, address: input.to }),
    t('merge.moves'),
    ...confirmWith(t('merge.how'), input),
  ]);
}
