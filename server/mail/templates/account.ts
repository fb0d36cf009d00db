import type { MailMessage } from '../mailer';

/** The part both confirmation mails share: how to confirm (link or code), for how long, and the reassurance. */
function confirmWith(how: string, input: { link: string; code: string; minutes: number }): string[] {
  return [
    '',
    how,
    input.link,
    '',
    `Eller skriv inn koden: ${input.code}`,
    '',
    `Lenken og koden gjelder i ${input.minutes} minutter og kan brukes én gang.`,
    'Hvis det ikke var deg, kan du se bort fra e-posten. Ingenting endres uten bekreftelse.',
  ];
}

/** Sent to the address being added: its owner proves control by the link or the code. */
export function addEmailMail(input: {
  to: string;
  accountEmail: string;
  link: string;
  code: string;
  minutes: number;
}): MailMessage {
  return {
    to: input.to,
    subject: 'Bekreft ny e-postadresse',
    text: [
      `Kontoen ${input.accountEmail} vil legge til denne adressen som ekstra e-postadresse.`,
      ...confirmWith('Bekreft ved å åpne lenken mens du er logget inn:', input),
    ].join('\n'),
  };
}

/** Sent to the account's own address: the code that confirms deleting the account (decision 0106). */
export function accountDeletionMail(input: { to: string; code: string; minutes: number }): MailMessage {
  return {
    to: input.to,
    subject: 'Kode for å slette kontoen',
    text: [
      'Du har bedt om å slette kontoen din.',
      '',
      `Skriv inn koden: ${input.code}`,
      '',
      `Koden gjelder i ${input.minutes} minutter og kan brukes én gang.`,
      'Sletting kan ikke angres: rundene, banene og meldingene dine forsvinner, og du logges ut overalt.',
      'Hvis det ikke var deg, kan du se bort fra e-posten. Ingenting slettes uten koden.',
    ].join('\n'),
  };
}

/** Sent to the address of the account that would be merged away and deleted. */
export function mergeMail(input: {
  to: string;
  accountEmail: string;
  link: string;
  code: string;
  minutes: number;
}): MailMessage {
  return {
    to: input.to,
    subject: 'Bekreft sammenslåing av kontoer',
    text: [
      `Kontoen ${input.accountEmail} ber om å slå sammen kontoen med adressen ${input.to} inn i seg.`,
      'Runder, medlemskap, egne baner og e-postadresser flyttes over, og kontoen med denne adressen slettes.',
      ...confirmWith('Bekreft ved å åpne lenken mens du er logget inn på kontoen som skal beholdes:', input),
    ].join('\n'),
  };
}
