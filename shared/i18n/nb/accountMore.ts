/** Norwegian texts of one area, loaded by the screens that use them (decision 0024). */
export const accountMore = {
  sendCode: 'Send kode på e-post',
  codeSent: 'Kode sendt.',
  codeFromMailOrRecovery: 'Kode fra e-posten eller gjenopprettingskode',
  codeFromAppOrRecovery: 'Kode fra appen eller gjenopprettingskode',
  confirmEmailTitle: 'Bekreft e-postadresse',
  confirmEmailExplain: 'Trykk på knappen for å legge adressen til på kontoen din.',
  confirmEmailAction: 'Legg til adressen',
  confirmEmailDone: 'Adressen er lagt til på kontoen din.',
  mergeTitle: 'Slå sammen kontoer',
  mergeExplain:
    'Runder, klubbmedlemskap, baner og e-postadresser fra den andre kontoen flyttes til kontoen du er innlogget med nå. Den andre kontoen slettes. Dette kan ikke angres.',
  mergeAction: 'Slå sammen kontoene',
  mergeDone: 'Ferdig. {{moved}} ble flyttet hit.',
  moved: {
    rounds_one: '{{count}} runde',
    rounds_other: '{{count}} runder',
    memberships_one: '{{count}} klubbmedlemskap',
    memberships_other: '{{count}} klubbmedlemskap',
    courses_one: '{{count}} bane',
    courses_other: '{{count}} baner',
    list: '{{rounds}}, {{memberships}} og {{courses}}',
  },
  toAccount: 'Til kontoen',
  incompleteLink: 'Lenken er ufullstendig. Kopier hele lenken fra e-posten.',
  deletedTitle: 'Kontoen er slettet',
  deletedDone: 'Kontoen din og dataene dine er slettet, og du er logget ut på alle enheter.',
  deletedLeft:
    'Kortene dine i andres runder og resultatene i turneringer som hadde startet, står igjen som gjest med navnet ditt. Du kan når som helst lage en ny konto.',
  toFeed: 'Til feeden',
  signIn: 'Logg inn',
} as const;
