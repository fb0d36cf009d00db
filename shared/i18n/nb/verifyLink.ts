/** Norwegian texts of one area, loaded by the screens that use them (decision 0024). */
export const verifyLink = {
  invalidTitle: 'Ugyldig lenke',
  missingKey: 'Lenken mangler innloggingsnøkkelen. Kopier hele lenken fra e-posten, eller be om en ny.',
  toSignIn: 'Til innlogging',
  title: 'Bekreft innlogging',
  press: 'Trykk på knappen for å logge inn på Hullvis.',
  why: 'Vi spør først fordi noen e-postprogrammer åpner lenker automatisk for å sjekke dem.',
  newLink: 'Be om en ny innloggingslenke',
  signIn: 'Logg inn',
} as const;
