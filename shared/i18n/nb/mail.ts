/**
 * The mails' words (server/mail/templates), one section per template and `common` for what several say
 * alike. Plain text: the templates escape what goes into HTML. Codes are only ever in a body, never a subject.
 */
export const mail = {
  common: {
    linkValid: 'Lenken og koden gjelder i {{minutes}} minutter og kan brukes én gang.',
    codeValid: 'Koden gjelder i {{minutes}} minutter og kan brukes én gang.',
    orCode: 'Eller skriv inn koden: {{code}}',
    typeCode: 'Skriv inn koden: {{code}}',
    signature: 'Hilsen Hullvis',
  },
  signIn: {
    subject: 'Logg inn på Hullvis',
    hello: 'Hei!',
    asked:
      'Noen ba om å logge inn på Hullvis med denne e-postadressen. Var det deg, åpner du lenken og trykker «Logg inn»:',
    button: 'Logg inn på Hullvis',
    code: 'Eller skriv inn denne koden på innloggingssiden:',
    newLinkStops: 'Ber du om en ny lenke, slutter denne å virke.',
    notYou: 'Var det ikke deg, kan du se bort fra denne e-posten. Ingen får tilgang uten lenken eller koden.',
  },
  /** The two confirmations of an address (adding it, merging its account away) end alike. */
  confirm: {
    notYou: 'Hvis det ikke var deg, kan du se bort fra e-posten. Ingenting endres uten bekreftelse.',
  },
  addEmail: {
    subject: 'Bekreft ny e-postadresse',
    asked: 'Kontoen {{account}} vil legge til denne adressen som ekstra e-postadresse.',
    how: 'Bekreft ved å åpne lenken mens du er logget inn:',
  },
  merge: {
    subject: 'Bekreft sammenslåing av kontoer',
    asked: 'Kontoen {{account}} ber om å slå sammen kontoen med adressen {{address}} inn i seg.',
    moves: 'Runder, medlemskap, egne baner og e-postadresser flyttes over, og kontoen med denne adressen slettes.',
    how: 'Bekreft ved å åpne lenken mens du er logget inn på kontoen som skal beholdes:',
  },
  deletion: {
    subject: 'Kode for å slette kontoen',
    asked: 'Du har bedt om å slette kontoen din.',
    final: 'Sletting kan ikke angres: rundene, banene og meldingene dine forsvinner, og du logges ut overalt.',
    notYou: 'Hvis det ikke var deg, kan du se bort fra e-posten. Ingenting slettes uten koden.',
  },
  /** The waiting list of a tournament (decision 0427): a place in the field came free. */
  startList: {
    subject: 'Starttid i {{tournament}}',
    changedSubject: 'Ny starttid i {{tournament}}',
    published: 'Startlisten for {{tournament}} ({{club}}) er klar.',
    changed: 'Starttiden din i {{tournament}} ({{club}}) er endret.',
    start: 'Start {{time}} fra tee {{tee}}.',
    roundStart: 'Runde {{round}}: {{time}} fra tee {{tee}}.',
    partners: 'Du spiller med {{names}}.',
    noPartners: 'Du er alene i gruppen så langt.',
    see: 'Hele startlisten og scorekortet ditt finner du her:',
  },
  waitingList: {
    subject: 'Du har fått plass i {{tournament}}',
    moved: 'En plass ble ledig i {{tournament}} ({{club}}), og du var neste på ventelisten. Du er med.',
    movedTeam:
      'En plass ble ledig i {{tournament}} ({{club}}), og laget ditt, {{team}}, var neste på ventelisten. Dere er med.',
    see: 'Se turneringen og startlisten her:',
    cannot: 'Kan du likevel ikke spille, trekker du påmeldingen på samme side, så får neste på listen plassen.',
  },
  invitation: {
    subject: 'Invitasjon til {{club}}',
    invitedBy: '{{inviter}} har invitert deg til å bli {{role}} i {{club}}.',
    invited: 'Du er invitert til å bli {{role}} i {{club}}.',
    /** A role as the sentence names it. */
    role: { owner: 'eier', admin: 'administrator', member: 'medlem' },
    open: 'Åpne lenken og logg inn med denne e-postadressen for å bli med:',
    valid: 'Invitasjonen gjelder til {{date}} og kan brukes én gang.',
    notExpected: 'Hvis du ikke venter denne invitasjonen, kan du se bort fra e-posten.',
  },
  twoFactor: {
    /** The method as the mails name it inside a sentence (the app's shorter labels are the values area's). */
    method: { totp: 'autentiseringsapp', email: 'engangskode på e-post' },
    codeSubject: 'Innloggingskode for Hullvis',
    code: 'Koden din for å fullføre innloggingen er:',
    codeNotYou: 'Har du ikke prøvd å logge inn, kan du se bort fra denne e-posten, men vurder å endre passordet ditt.',
    setupSubject: 'Bekreft tofaktorautentisering med e-post',
    setup: 'Skriv inn denne koden for å slå på tofaktorautentisering med engangskode på e-post:',
    setupNotYou: 'Har du ikke bedt om dette, kan du se bort fra denne e-posten.',
    changedSubject: 'Tofaktorautentisering er endret',
    disabledSubject: 'Tofaktorautentisering er slått av',
    enabled: 'Tofaktorautentisering ble slått på for kontoen din ({{method}}).',
    redone: 'Tofaktorautentisering ({{method}}) ble satt opp på nytt for kontoen din.',
    replaced: 'Metoden for tofaktorautentisering på kontoen din ble endret fra {{from}} til {{to}}.',
    disabled: 'Tofaktorautentisering ({{method}}) ble slått av for kontoen din.',
    signedOut: 'Du er logget ut på alle andre enheter.',
    when: 'Tidspunkt: {{time}}.',
    notYou:
      'Var det ikke deg, bør du endre passordet ditt og logge ut på alle enheter med en gang. Ta kontakt med oss om du trenger hjelp.',
  },
};
