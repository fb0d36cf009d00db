import { formatDateTime } from '../../../shared/format/dates';
import type { Language, TwoFactorMethod } from '../../../shared/values';
import type { MailMessage } from '../mailer';

/** The 2FA mails, in Norwegian (bokmål) or English. Codes appear in the text only: never in a subject line or a log. */

const TEXTS = {
  nb: {
    /** The method as the mails name it inside a sentence (the app's shorter labels are in shared/values.ts). */
    methods: { totp: 'autentiseringsapp', email: 'engangskode på e-post' } as Record<TwoFactorMethod, string>,
    signature: '\n\nHilsen Hullvis',
    notYou:
      'Var det ikke deg, bør du endre passordet ditt og logge ut på alle enheter med en gang. Ta kontakt med oss om du trenger hjelp.',
    codeSubject: 'Innloggingskode for Hullvis',
    code: (code: string) => `Koden din for å fullføre innloggingen er:\n\n${code}\n\n`,
    valid: (minutes: number) => `Koden gjelder i ${minutes} minutter og kan brukes én gang. `,
    codeNotYou: 'Har du ikke prøvd å logge inn, kan du se bort fra denne e-posten, men vurder å endre passordet ditt.',
    setupSubject: 'Bekreft tofaktorautentisering med e-post',
    setup: (code: string) =>
      `Skriv inn denne koden for å slå på tofaktorautentisering med engangskode på e-post:\n\n${code}\n\n`,
    setupNotYou: 'Har du ikke bedt om dette, kan du se bort fra denne e-posten.',
    enabled: (m: string) => `Tofaktorautentisering ble slått på for kontoen din (${m}).`,
    redone: (m: string) => `Tofaktorautentisering (${m}) ble satt opp på nytt for kontoen din.`,
    replaced: (from: string, to: string) =>
      `Metoden for tofaktorautentisering på kontoen din ble endret fra ${from} til ${to}.`,
    disabled: (m: string) => `Tofaktorautentisering (${m}) ble slått av for kontoen din.`,
    signedOut: ' Du er logget ut på alle andre enheter.',
    disabledSubject: 'Tofaktorautentisering er slått av',
    changedSubject: 'Tofaktorautentisering er endret',
    when: 'Tidspunkt',
  },
  en: {
    methods: { totp: 'authenticator app', email: 'one-time code by e-mail' } as Record<TwoFactorMethod, string>,
    signature: '\n\nBest regards, Hullvis',
    notYou: 'If it was not you, change your password and sign out on all devices at once. Contact us if you need help.',
    codeSubject: 'Sign-in code for Hullvis',
    code: (code: string) => `Your code to finish signing in is:\n\n${code}\n\n`,
    valid: (minutes: number) => `The code is valid for ${minutes} minutes and can be used once. `,
    codeNotYou: 'If you did not try to sign in, you can ignore this e-mail, but consider changing your password.',
    setupSubject: 'Confirm two-factor authentication by e-mail',
    setup: (code: string) =>
      `Type this code to turn on two-factor authentication with one-time codes by e-mail:\n\n${code}\n\n`,
    setupNotYou: 'If you did not ask for this, you can ignore this e-mail.',
    enabled: (m: string) => `Two-factor authentication was turned on for your account (${m}).`,
    redone: (m: string) => `Two-factor authentication (${m}) was set up again for your account.`,
    replaced: (from: string, to: string) =>
      `The two-factor authentication method of your account was changed from ${from} to ${to}.`,
    disabled: (m: string) => `Two-factor authentication (${m}) was turned off for your account.`,
    signedOut: ' You have been signed out on all other devices.',
    disabledSubject: 'Two-factor authentication is turned off',
    changedSubject: 'Two-factor authentication has changed',
    when: 'Time (Norway)',
  },
} as const;

export function twoFactorCodeMail(to: string, code: string, minutes: number, language: Language): MailMessage {
  const t = TEXTS[language];
  return { to, subject: t.codeSubject, text: t.code(code) + t.valid(minutes) + t.codeNotYou + t.signature };
}

export function twoFactorSetupCodeMail(to: string, code: string, minutes: number, language: Language): MailMessage {
  const t = TEXTS[language];
  return { to, subject: t.setupSubject, text: t.setup(code) + t.valid(minutes) + t.setupNotYou + t.signature };
}

export type TwoFactorChange =
  | { kind: 'enabled'; method: TwoFactorMethod }
  | { kind: 'replaced'; from: TwoFactorMethod; to: TwoFactorMethod }
  | { kind: 'disabled'; method: TwoFactorMethod };

export function twoFactorChangedMail(to: string, change: TwoFactorChange, at: Date, language: Language): MailMessage {
  const t = TEXTS[language];
  const name = (m: TwoFactorMethod) => t.methods[m];
  let what: string;
  switch (change.kind) {
    case 'enabled':
      what = t.enabled(name(change.method));
      break;
    case 'replaced':
      what =
        (change.from === change.to ? t.redone(name(change.to)) : t.replaced(name(change.from), name(change.to))) +
        t.signedOut;
      break;
    case 'disabled':
      what = t.disabled(name(change.method)) + t.signedOut;
      break;
  }
  return {
    to,
    subject: change.kind === 'disabled' ? t.disabledSubject : t.changedSubject,
    text: `${what}\n${t.when}: ${formatDateTime(at, language)}.\n\n${t.notYou}${t.signature}`,
  };
}
