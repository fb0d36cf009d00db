import type { Language } from '../../../shared/values';
import type { MailMessage } from '../mailer';

const TEXTS = {
  nb: {
    orCode: (code: string) => `Eller skriv inn koden: ${code}`,
    linkValid: (minutes: number) => `Lenken og koden gjelder i ${minutes} minutter og kan brukes én gang.`,
    notYouConfirm: 'Hvis det ikke var deg, kan du se bort fra e-posten. Ingenting endres uten bekreftelse.',
    addSubject: 'Bekreft ny e-postadresse',
    add: (account: string) => `Kontoen ${account} vil legge til denne adressen som ekstra e-postadresse.`,
    addHow: 'Bekreft ved å åpne lenken mens du er logget inn:',
    deleteSubject: 'Kode for å slette kontoen',
    deleteAsked: 'Du har bedt om å slette kontoen din.',
    typeCode: (code: string) => `Skriv inn koden: ${code}`,
    codeValid: (minutes: number) => `Koden gjelder i ${minutes} minutter og kan brukes én gang.`,
    deleteFinal: 'Sletting kan ikke angres: rundene, banene og meldingene dine forsvinner, og du logges ut overalt.',
    deleteNotYou: 'Hvis det ikke var deg, kan du se bort fra e-posten. Ingenting slettes uten koden.',
    mergeSubject: 'Bekreft sammenslåing av kontoer',
    merge: (account: string, address: string) =>
      `Kontoen ${account} ber om å slå sammen kontoen med adressen ${address} inn i seg.`,
    mergeMoves: 'Runder, medlemskap, egne baner og e-postadresser flyttes over, og kontoen med denne adressen slettes.',
    mergeHow: 'Bekreft ved å åpne lenken mens du er logget inn på kontoen som skal beholdes:',
  },
  en: {
    orCode: (code: string) => `Or type the code: ${code}`,
    linkValid: (minutes: number) => `The link and the code are valid for ${minutes} minutes and can be used once.`,
    notYouConfirm: 'If it was not you, you can ignore this e-mail. Nothing changes without a confirmation.',
    addSubject: 'Confirm a new e-mail address',
    add: (account: string) => `The account ${account} wants to add this address as an extra e-mail address.`,
    addHow: 'Confirm by opening the link while you are signed in:',
    deleteSubject: 'Code to delete the account',
    deleteAsked: 'You have asked to delete your account.',
    typeCode: (code: string) => `Type the code: ${code}`,
    codeValid: (minutes: number) => `The code is valid for ${minutes} minutes and can be used once.`,
    deleteFinal:
      'Deleting cannot be undone: your rounds, courses and messages disappear, and you are signed out everywhere.',
    deleteNotYou: 'If it was not you, you can ignore this e-mail. Nothing is deleted without the code.',
    mergeSubject: 'Confirm merging accounts',
    merge: (account: string, address: string) =>
      `The account ${account} asks to merge the account with the address ${address} into itself.`,
    mergeMoves:
      'Rounds, memberships, personal courses and e-mail addresses are moved over, and the account with this address is deleted.',
    mergeHow: 'Confirm by opening the link while you are signed in to the account to keep:',
  },
} as const;

/** The part both confirmation mails share: how to confirm (link or code), for how long, and the reassurance. */
function confirmWith(
  how: string,
  input: { link: string; code: string; minutes: number; language: Language },
): string[] {
  const t = TEXTS[input.language];
  return ['', how, input.link, '', t.orCode(input.code), '', t.linkValid(input.minutes), t.notYouConfirm];
}

/** Sent to the address being added: its owner proves control by the link or the code. */
export function addEmailMail(input: {
  to: string;
  accountEmail: string;
  link: string;
  code: string;
  minutes: number;
  language: Language;
}): MailMessage {
  const t = TEXTS[input.language];
  return {
    to: input.to,
    subject: t.addSubject,
    text: [t.add(input.accountEmail), ...confirmWith(t.addHow, input)].join('\n'),
  };
}

/** Sent to the account's own address: the code that confirms deleting the account (decision 0106). */
export function accountDeletionMail(input: {
  to: string;
  code: string;
  minutes: number;
  language: Language;
}): MailMessage {
  const t = TEXTS[input.language];
  return {
    to: input.to,
    subject: t.deleteSubject,
    text: [
      t.deleteAsked,
      '',
      t.typeCode(input.code),
      '',
      t.codeValid(input.minutes),
      t.deleteFinal,
      t.deleteNotYou,
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
  language: Language;
}): MailMessage {
  const t = TEXTS[input.language];
  return {
    to: input.to,
    subject: t.mergeSubject,
    text: [t.merge(input.accountEmail, input.to), t.mergeMoves, ...confirmWith(t.mergeHow, input)].join('\n'),
  };
}
