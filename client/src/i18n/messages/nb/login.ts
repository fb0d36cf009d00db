import { addNorwegian } from '../../add-messages';

/** Norwegian texts of one area, loaded with the screens that use them (decision 0020). */
export const login = {
  title: 'Logg inn',
  intro: 'Du er ikke innlogget. Logg inn for å føre runder og følge klubbene dine.',
  method: 'Innloggingsmåte',
  byLink: 'Lenke på e-post',
  byPassword: 'Passord',
  email: 'E-postadresse',
  linkHint:
    'Vi sender deg en innloggingslenke og en sekssifret kode. Har du ingen konto, blir den laget når du logger inn første gang.',
  sendLink: 'Send innloggingslenke',
  sendLinkWaiting: 'Send lenke ({{clock}})',
  justSent: 'En lenke til {{email}} ble nettopp sendt. Du kan be om en ny {{wait}} ({{clock}}).',
  linkSentBefore: 'Vi har sendt en innloggingslenke til',
  linkSentAfter: '. Åpne lenken på denne enheten, eller skriv inn koden fra e-posten her.',
  codeFromMail: 'Kode fra e-posten',
  signInWithCode: 'Logg inn med koden',
  newLinkIn: 'Du kan be om en ny lenke {{wait}} ({{clock}}).',
  noMail: 'Fikk du ingen e-post? Sjekk søppelpost, eller send en ny.',
  sendNewLink: 'Send ny lenke',
  sendNewLinkWaiting: 'Send ny lenke ({{clock}})',
  otherAddress: 'Bruk en annen e-postadresse',
  password: 'Passord',
  tryAgainIn: 'Du kan prøve igjen {{wait}}.',
  signIn: 'Logg inn',
  signInWaiting: 'Logg inn ({{clock}})',
  noPassword: 'Har du ikke passord? Logg inn med lenke på e-post, og velg et passord under Konto.',
} as const;

addNorwegian({ login });
