import type { MailMessage } from '../mailer';
import { ROLE_LABELS, type Role } from '../../../shared/values';

/** A role as a sentence names it: "administrator". */
const roleInSentence = (role: Role) => ROLE_LABELS.nb[role].toLowerCase();

const dateFormat = new Intl.DateTimeFormat('nb-NO', { dateStyle: 'long', timeZone: 'Europe/Oslo' });

/** An invitation to an address without an account: signing in with this address (or through the link) joins. */
export function invitationMail(input: {
  to: string;
  organizationName: string;
  inviterName: string | null;
  role: Role;
  link: string;
  expiresAt: Date;
}): MailMessage {
  const who = input.inviterName ? `${input.inviterName} har invitert deg` : 'Du er invitert';
  return {
    to: input.to,
    subject: `Invitasjon til ${input.organizationName}`,
    text: [
      `${who} til å bli ${roleInSentence(input.role)} i ${input.organizationName}.`,
      '',
      'Åpne lenken og logg inn med denne e-postadressen for å bli med:',
      input.link,
      '',
      `Invitasjonen gjelder til ${dateFormat.format(input.expiresAt)} og kan brukes én gang.`,
      'Hvis du ikke venter denne invitasjonen, kan du se bort fra e-posten.',
    ].join('\n'),
  };
}
