import type { Role } from '../../db/schema';
import type { MailMessage } from '../mailer';

export const ROLE_NAMES: Record<Role, string> = { owner: 'eier', admin: 'administrator', member: 'medlem' };

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
      `${who} til å bli ${ROLE_NAMES[input.role]} i ${input.organizationName}.`,
      '',
      'Åpne lenken og logg inn med denne e-postadressen for å bli med:',
      input.link,
      '',
      `Invitasjonen gjelder til ${dateFormat.format(input.expiresAt)} og kan brukes én gang.`,
      'Hvis du ikke venter denne invitasjonen, kan du se bort fra e-posten.',
    ].join('\n'),
  };
}
