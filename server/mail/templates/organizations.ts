import { LOCALES } from '../../../shared/language';
import type { Language, Role } from '../../../shared/values';
import type { MailMessage } from '../mailer';
import { mailWords, textMail } from '../words';

const DATE_FORMATS: Record<Language, Intl.DateTimeFormat> = {
  nb: new Intl.DateTimeFormat(LOCALES.nb, { dateStyle: 'long', timeZone: 'Europe/Oslo' }),
  en: new Intl.DateTimeFormat(LOCALES.en, { dateStyle: 'long', timeZone: 'Europe/Oslo' }),
};

/** An invitation to an address without an account: signing in with this address (or through the link) joins. */
export function invitationMail(input: {
  to: string;
  organizationName: string;
  inviterName: string | null;
  role: Role;
  link: string;
  expiresAt: Date;
  language: Language;
}): MailMessage {
  const t = mailWords(input.language);
  const what = { role: t(`invitation.role.${input.role}`), club: input.organizationName };
  return textMail(input.to, t('invitation.subject', { club: input.organizationName }), [
    input.inviterName
      ? t('invitation.invitedBy', { ...what, inviter: input.inviterName })
      : t('invitation.invited', what),
    '',
    t('invitation.open'),
    input.link,
    '',
    t('invitation.valid', { date: DATE_FORMATS[input.language].format(input.expiresAt) }),
    t('invitation.notExpected'),
  ]);
}
