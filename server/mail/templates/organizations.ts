import { LOCALES } from '../../../shared/language';
import { type Language, ROLE_LABELS, type Role } from '../../../shared/values';
import type { MailMessage } from '../mailer';

const DATE_FORMATS: Record<Language, Intl.DateTimeFormat> = {
  nb: new Intl.DateTimeFormat(LOCALES.nb, { dateStyle: 'long', timeZone: 'Europe/Oslo' }),
  en: new Intl.DateTimeFormat(LOCALES.en, { dateStyle: 'long', timeZone: 'Europe/Oslo' }),
};

const TEXTS = {
  nb: {
    subject: (club: string) => `Invitasjon til ${club}`,
    who: (inviter: string | null) => (inviter ? `${inviter} har invitert deg` : 'Du er invitert'),
    invited: (who: string, role: string, club: string) => `${who} til å bli ${role} i ${club}.`,
    open: 'Åpne lenken og logg inn med denne e-postadressen for å bli med:',
    valid: (date: string) => `Invitasjonen gjelder til ${date} og kan brukes én gang.`,
    notExpected: 'Hvis du ikke venter denne invitasjonen, kan du se bort fra e-posten.',
  },
  en: {
    subject: (club: string) => `Invitation to ${club}`,
    who: (inviter: string | null) => (inviter ? `${inviter} has invited you` : 'You are invited'),
    invited: (who: string, role: string, club: string) => `${who} to be ${role} in ${club}.`,
    open: 'Open the link and sign in with this e-mail address to join:',
    valid: (date: string) => `The invitation is valid until ${date} and can be used once.`,
    notExpected: 'If you are not expecting this invitation, you can ignore this e-mail.',
  },
} as const;

/** A role as a sentence names it: "administrator", "an administrator". */
function roleInSentence(role: Role, language: Language): string {
  const label = ROLE_LABELS[language][role].toLowerCase();
  if (language === 'nb') return label;
  return /^[aeiou]/.test(label) ? `an ${label}` : `a ${label}`;
}

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
  const t = TEXTS[input.language];
  return {
    to: input.to,
    subject: t.subject(input.organizationName),
    text: [
      t.invited(t.who(input.inviterName), roleInSentence(input.role, input.language), input.organizationName),
      '',
      t.open,
      input.link,
      '',
      t.valid(DATE_FORMATS[input.language].format(input.expiresAt)),
      t.notExpected,
    ].join('\n'),
  };
}
