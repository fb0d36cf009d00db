import { formatDateTime } from '../../../shared/format/dates';
import type { MailMessage } from '../mailer';
import type { TwoFactorMethod } from '../../../shared/values';

/** The 2FA mails, in Norwegian (bokmål). Codes appear in the text only: never in a subject line or a log. */

/** The method as the mails name it inside a sentence (the app's shorter labels are in shared/values.ts). */
const METHOD_NAMES: Record<TwoFactorMethod, string> = {
  totp: 'autentiseringsapp',
  email: 'engangskode på e-post',
};

const SIGNATURE = '\n\nHilsen Golfkortet';
const NOT_YOU =
  'Var det ikke deg, bør du endre passordet ditt og logge ut på alle enheter med en gang. Ta kontakt med oss om du trenger hjelp.';

export function twoFactorCodeMail(to: string, code: string, minutes: number): MailMessage {
  return {
    to,
    subject: 'Innloggingskode for Golfkortet',
    text:
      `Koden din for å fullføre innloggingen er:\n\n${code}\n\n` +
      `Koden gjelder i ${minutes} minutter og kan brukes én gang. ` +
      `Har du ikke prøvd å logge inn, kan du se bort fra denne e-posten, men vurder å endre passordet ditt.` +
      SIGNATURE,
  };
}

export function twoFactorSetupCodeMail(to: string, code: string, minutes: number): MailMessage {
  return {
    to,
    subject: 'Bekreft tofaktorautentisering med e-post',
    text:
      `Skriv inn denne koden for å slå på tofaktorautentisering med engangskode på e-post:\n\n${code}\n\n` +
      `Koden gjelder i ${minutes} minutter og kan brukes én gang. ` +
      `Har du ikke bedt om dette, kan du se bort fra denne e-posten.` +
      SIGNATURE,
  };
}

export type TwoFactorChange =
  | { kind: 'enabled'; method: TwoFactorMethod }
  | { kind: 'replaced'; from: TwoFactorMethod; to: TwoFactorMethod }
  | { kind: 'disabled'; method: TwoFactorMethod };

export function twoFactorChangedMail(to: string, change: TwoFactorChange, at: Date): MailMessage {
  const when = formatDateTime(at, 'nb');
  let what: string;
  switch (change.kind) {
    case 'enabled':
      what = `Tofaktorautentisering ble slått på for kontoen din (${METHOD_NAMES[change.method]}).`;
      break;
    case 'replaced':
      what =
        change.from === change.to
          ? `Tofaktorautentisering (${METHOD_NAMES[change.to]}) ble satt opp på nytt for kontoen din.`
          : `Metoden for tofaktorautentisering på kontoen din ble endret fra ${METHOD_NAMES[change.from]} ` +
            `til ${METHOD_NAMES[change.to]}.`;
      what += ' Du er logget ut på alle andre enheter.';
      break;
    case 'disabled':
      what =
        `Tofaktorautentisering (${METHOD_NAMES[change.method]}) ble slått av for kontoen din. ` +
        `Du er logget ut på alle andre enheter.`;
      break;
  }
  return {
    to,
    subject: change.kind === 'disabled' ? 'Tofaktorautentisering er slått av' : 'Tofaktorautentisering er endret',
    text: `${what}\nTidspunkt: ${when}.\n\n${NOT_YOU}${SIGNATURE}`,
  };
}
