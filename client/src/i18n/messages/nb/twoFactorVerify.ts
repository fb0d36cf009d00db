import { addNorwegian } from '../../add-messages';

/** Norwegian texts of one area, loaded with the screens that use them (decision 0020). */
export const twoFactorVerify = {
  expiredTitle: 'Innloggingen er utløpt',
  aborted: 'Innloggingen ble avbrutt etter for mange feil eller fordi tiden gikk ut.',
  timedOut: 'Tiden for å skrive inn koden gikk ut.',
  signInAgainSentence: 'Logg inn på nytt.',
  signInAgain: 'Logg inn på nytt',
  title: 'Tofaktorkode',
  recoveryIntro: 'Skriv inn en av gjenopprettingskodene du lagret da du slo på tofaktor. Hver kode kan brukes én gang.',
  emailIntro: 'Vi har sendt en sekssifret kode til {{email}}.',
  yourAddress: 'e-postadressen din',
  appIntro: 'Åpne autentiseringsappen og skriv inn den sekssifrede koden for Hullvis.',
  expiresIn: 'Innloggingen utløper om',
  recoveryCode: 'Gjenopprettingskode',
  code: 'Kode',
  recoveryHint: 'Ti tegn, for eksempel abcde-fghij.',
  confirm: 'Bekreft',
  typeSix: 'Skriv inn de seks sifrene først.',
  typeRecovery: 'Skriv inn hele gjenopprettingskoden først.',
  newCodeSent: 'Ny kode er sendt. Den gjelder i 10 minutter.',
  sendNewCodeWaiting: 'Send ny kode ({{wait}})',
  sendNewCode: 'Send ny kode',
  useAppOrMail: 'Bruk kode fra app eller e-post',
  useRecovery: 'Bruk en gjenopprettingskode',
  cancel: 'Avbryt og logg inn på nytt',
} as const;

addNorwegian({ twoFactorVerify });
