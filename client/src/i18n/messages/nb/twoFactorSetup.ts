import { addNorwegian } from '../../add-messages';

/** Norwegian texts of one area, loaded with the screens that use them (decision 0020). */
export const twoFactorSetup = {
  codesTitle: 'Gjenopprettingskoder',
  enrolTitle: 'Slå på tofaktor',
  title: 'Tofaktorautentisering',
  mustEnrol: 'Som eier eller administrator i en klubb må du bruke tofaktorautentisering før du kan fortsette.',
  timeLeft: 'Tid igjen til å fullføre:',
  timedOut: 'Tiden gikk ut.',
  signInAgain: 'Logg inn på nytt',
  enabled: 'Tofaktorautentisering er slått på ({{method}}).',
  continueToApp: 'Fortsett til Hullvis',
  done: 'Ferdig',
  backToAccount: 'Tilbake til konto',
  usingNowBefore: 'Du bruker nå',
  usingNowAfter:
    '. For å bytte må du først bekrefte med en kode fra den metoden du har nå (eller en gjenopprettingskode).',
  sendCodeTo: 'Send kode til {{email}}',
  theEmail: 'e-post',
  codeSent: 'Kode sendt.',
  currentCode: 'Nåværende kode',
  choose: 'Velg hvordan du vil bekrefte at det er deg når du logger inn.',
  useApp: 'Bruk autentiseringsapp (anbefalt)',
  useEmail: 'Få kode på e-post',
  qrAlt: 'QR-kode for autentiseringsappen',
  scan: 'Skann QR-koden med en autentiseringsapp (for eksempel Google Authenticator, Microsoft Authenticator eller 1Password).',
  onPhone: 'På telefonen:',
  openInApp: 'åpne i autentiseringsappen',
  cannotScan: 'Kan du ikke skanne? Skriv inn denne nøkkelen i appen:',
  key: 'Nøkkel:',
  appCode: 'Sekssifret kode fra appen',
  confirmAndTurnOn: 'Bekreft og slå på',
  otherMethod: 'Velg en annen metode',
  emailSentBefore: 'Vi har sendt en sekssifret kode til',
  emailSentAfter: '. Skriv den inn for å slå på koder på e-post.',
  yourAddress: 'e-postadressen din',
  codeFromMail: 'Kode fra e-posten',
  sendNewCode: 'Send ny kode',
  newCodeSent: 'Ny kode er sendt.',
} as const;

addNorwegian({ twoFactorSetup });
