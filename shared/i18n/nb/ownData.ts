/** Norwegian texts of one area, loaded by the screens that use them (decision 0024). */
export const ownData = {
  title: 'Mine data',
  explain:
    'Last ned alt vi har lagret om deg som én fil (JSON): profil, e-postadresser, klubbmedlemskap, runder og slag, egne baner, turneringspåmeldinger, chatmeldinger, innlegg i feeden og sikkerhetshendelser.',
  downloaded: 'Filen er lastet ned.',
  download: 'Last ned mine data',
  deleteTitle: 'Slett kontoen',
  cannotUndo: 'Sletting kan ikke angres. Dette skjer:',
  gone: 'Borte: profilen, e-postadressene, klubbmedlemskapene, rundene du har laget, egne baner, chatmeldingene (teksten og navnet ditt) og innleggene om deg i feeden. Du logges ut på alle enheter med en gang.',
  stays:
    'Blir igjen hos andre: kortet ditt i andres runder og resultatene i turneringer som har startet, som gjest med navn og handicap. En bane andre har spilt på, blir stående uten eier.',
  clubs:
    'Klubber der du er eneste eier og andre er medlemmer, må du gi videre først. Klubber der du er eneste medlem, slettes.',
  deleteButton: 'Slett kontoen',
  codeSentBefore: 'Vi har sendt en kode til',
  codeSentAfter: '. Den gjelder i 10 minutter.',
  firstCode: 'Først sender vi en kode til e-posten din for å være sikre på at det er deg.',
  sendNewCode: 'Send ny kode',
  sendCode: 'Send kode på e-post',
  deletionCode: 'Slettekode fra e-posten',
  deleteForGood: 'Slett kontoen for godt',
  cancel: 'Avbryt',
} as const;
