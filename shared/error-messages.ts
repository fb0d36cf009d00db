/**
 * The one table of English for the server's own Norwegian texts (decision 0020): every refusal a domain
 * function words itself and every field issue of the zod schemas. The general message of each error code is
 * in ERRORS (shared/errors.ts). A key is the Norwegian text with each `${…}` of the source written as
 * {1}, {2}, … in order; the English may use them in any order. tests/trpc/error-language.test.ts reads
 * the source and fails when a Norwegian message has no English here.
 */
import { ERRORS } from './errors';
import type { Language } from './values';

export const ENGLISH_MESSAGES: Readonly<Record<string, string>> = {
  'Adressen har ugyldig tegnkoding.': 'The address has an invalid character encoding.',
  'Adressen hører allerede til kontoen din.': 'The address already belongs to your account.',
  'Antall hull kan ikke endres på en bane som er valgt for en runde eller turnering som ikke har startet.':
    'The number of holes cannot be changed on a course chosen for a round or tournament that has not started.',
  'Appen er åpnet på {1}, men tjenesten er satt opp for {2}. Åpne {3} i stedet.':
    'The app is open at {1}, but the service is set up for {2}. Open {3} instead.',
  'Banen er valgt for en runde eller turnering som ikke har startet, og kan ikke slettes.':
    'The course is chosen for a round or tournament that has not started, and cannot be deleted.',
  'Banen har 9 hull: velg front9.': 'The course has 9 holes: choose front9.',
  'Banen må ha et navn.': 'The course must have a name.',
  'Bare arrangøren kan melde på andre.': 'Only the organiser can enter others.',
  'Bare den som opprettet runden kan gjøre dette.': 'Only the person who created the round can do this.',
  'Bare den som skrev meldingen, eller en eier eller administrator, kan slette den.':
    'Only the person who wrote the message, or an owner or administrator, can delete it.',
  'Bare den som skrev meldingen, kan endre den.': 'Only the person who wrote the message can edit it.',
  'Bare eiere og administratorer kan låse opp et kort.': 'Only owners and administrators can unlock a card.',
  'Bare eieren kan endre eller slette banen.': 'Only the owner can change or delete the course.',
  'Bare en avsluttet runde kan deles.': 'Only a finished round can be shared.',
  'Bare en eier kan sende eller trekke tilbake en invitasjon som eier.':
    'Only an owner can resend or withdraw an invitation as owner.',
  'Bare en eier kan gjøre andre til eier.': 'Only an owner can make others owner.',
  'Bare medlemmer av klubben kan meldes på med konto. Meld på som gjest i stedet.':
    'Only members of the club can be entered with an account. Enter them as a guest instead.',
  'Bare spilleren selv og markøren i samme gruppe kan signere kortet.':
    'Only the player and the marker in the same group can sign the card.',
  'Bare spilleren, en markør i samme gruppe eller en administrator kan føre slag på dette kortet.':
    'Only the player, a marker in the same group or an administrator can enter strokes on this card.',
  'Course rating for {1} hull må være mellom {2} og {3}.': 'Course rating for {1} holes must be between {2} and {3}.',
  'Course rating oppgis med én desimal.': 'Course rating is given with one decimal.',
  'Datoen skrives ÅÅÅÅ-MM-DD.': 'Write the date as YYYY-MM-DD.',
  'Det er ingen kode å sende på e-post nå.': 'There is no code to send by e-mail now.',
  'Det nåværende passordet er feil.': 'The current password is wrong.',
  'Direkteoppdateringer går bare over WebSocket.': 'Live updates only go over WebSocket.',
  'Du er siste eier av {1}. Gjør et annet medlem til eier før du sletter kontoen.':
    'You are the last owner of {1}. Make another member owner before you delete the account.',
  'Du kan bare trekke din egen påmelding.': 'You can only withdraw your own entry.',
  'E-postadressen er allerede i bruk på en konto.': 'The e-mail address is already in use on an account.',
  'E-postadressen er for lang.': 'The e-mail address is too long.',
  'En administrator har tatt runden ut av feeden. Den kan ikke deles igjen.':
    'An administrator has taken the round out of the feed. It cannot be shared again.',
  'En administrator kan ikke endre eller fjerne en eier.': 'An administrator cannot change or remove an owner.',
  'En bane har 9 eller 18 hull.': 'A course has 9 or 18 holes.',
  'En gjest som heter {1} er allerede påmeldt.': 'A guest called {1} is already entered.',
  'En gruppe har 1 til 4 spillere.': 'A group has 1 to 4 players.',
  'En match spilles mellom to sider.': 'A match is played between two teams.',
  'En superadministrators konto kan ikke slås sammen inn i en annen.':
    'A super administrator’s account cannot be merged into another.',
  'En turnering spilles på en 18-hullsbane.': 'A tournament is played on an 18-hole course.',
  'Et nytt teested trenger course rating.': 'A new tee needs a course rating.',
  'Et nytt teested trenger slope.': 'A new tee needs a slope.',
  'Et teested som er valgt for en runde eller turnering som ikke har startet, kan ikke fjernes.':
    'A tee chosen for a round or tournament that has not started cannot be removed.',
  'Fant ikke banen.': 'Course not found.',
  'Fant ikke deltakeren i denne turneringen.': 'The participant was not found in this tournament.',
  'Fant ikke klassen.': 'Division not found.',
  'Fant ikke påmeldingen.': 'Entry not found.',
  'Fant ikke siden i denne runden.': 'The team was not found in this round.',
  'Fant ikke spilleren i denne runden.': 'The player was not found in this round.',
  'Fant ikke spilleren i turneringen.': 'The player was not found in the tournament.',
  'Fant ikke spilleren.': 'Player not found.',
  'Fant ikke turneringen.': 'Tournament not found.',
  'Forespørselen er ikke gyldig UTF-8.': 'The request is not valid UTF-8.',
  'Forespørselen kunne ikke leses.': 'The request could not be read.',
  'Forespørselen må være kodet som UTF-8.': 'The request must be encoded as UTF-8.',
  'Gjesten må ha et navn.': 'The guest must have a name.',
  'Grensen kan være høyst {1}.': 'The limit can be at most {1}.',
  'Grensen må være et heltall.': 'The limit must be a whole number.',
  'Grensen må være minst 1.': 'The limit must be at least 1.',
  'Handicap {1} passer ikke i klassen «{2}».': 'Handicap {1} does not fit the division “{2}”.',
  'Handicapandelen er mellom 0 og 100 %.': 'The handicap allowance is between 0 and 100 %.',
  'Handicapindeksen har én desimal.': 'The handicap index has one decimal.',
  'Handicapindeksen kan ikke være bedre enn +10,0.': 'The handicap index cannot be better than +10.0.',
  'Handicapindeksen kan ikke være over 54,0.': 'The handicap index cannot be over 54.0.',
  'Handicapindeksen må være et tall.': 'The handicap index must be a number.',
  'Hcp-indeksene må være tallene 1 til {1}, hvert én gang.':
    'The stroke indexes must be the numbers 1 to {1}, each once.',
  'Hovedadressen kan ikke fjernes.': 'The main address cannot be removed.',
  'Hullene er {1}.': 'The holes are {1}.',
  'Hullene må være nummerert 1 til {1}, hvert én gang.': 'The holes must be numbered 1 to {1}, each once.',
  'Hullet er et tall fra 1 til 18.': 'The hole is a number from 1 to 18.',
  'Høyst 60 tegn.': 'At most 60 characters.',
  'Høyst 80 tegn.': 'At most 80 characters.',
  'Høyst fire runder.': 'At most four rounds.',
  'Høyst {1} klasser.': 'At most {1} divisions.',
  'Høyst {1} plasser.': 'At most {1} places.',
  'Høyst {1} tegn.': 'At most {1} characters.',
  'Ingen klasse i turneringen passer for handicap {1}.': 'No division in the tournament fits handicap {1}.',
  'Innholdskodingen (Content-Encoding) støttes ikke.': 'The content encoding (Content-Encoding) is not supported.',
  'Intervallet er 1 til 60 minutter.': 'The interval is 1 to 60 minutes.',
  'Invitasjonen er ugyldig, utløpt eller allerede brukt. Be den som inviterte deg om en ny.':
    'The invitation is invalid, expired or already used. Ask the person who invited you for a new one.',
  'Invitasjonen finnes ikke lenger: den er brukt, trukket tilbake eller utløpt.':
    'The invitation no longer exists: it has been used, withdrawn or has expired.',
  'Invitasjonen ble sendt til en annen e-postadresse. Logg inn med den adressen, eller legg den til på kontoen din, for å bli med.':
    'The invitation was sent to another e-mail address. Sign in with that address, or add it to your account, to join.',
  'JSON kan ikke være nøstet dypere enn {1} nivåer.': 'JSON cannot be nested deeper than {1} levels.',
  'Klassen er nevnt to ganger.': 'The division is named twice.',
  'Klassen finnes ikke i denne turneringen.': 'The division does not exist in this tournament.',
  'Klassen må ha et navn.': 'The division must have a name.',
  'Klassen «{1}» har påmeldte. Flytt eller meld dem av før klassen fjernes.':
    'The division “{1}” has entries. Move or withdraw them before the division is removed.',
  'Klubben må ha minst én eier. Gjør en annen til eier først.':
    'The club must have at least one owner. Make someone else owner first.',
  'Koden må være seks sifre eller en gjenopprettingskode.': 'The code must be six digits or a recovery code.',
  'Koden må være seks sifre.': 'The code must be six digits.',
  'Koden stemmer ikke. Sjekk at koden og e-postadressen er skrevet riktig. Er koden utløpt eller brukt, be om en ny.':
    'The code does not match. Check that the code and the e-mail address are typed correctly. If the code has expired or been used, ask for a new one.',
  'Kontoen med denne adressen har tofaktorautentisering. Logg inn på den kontoen og slå sammen herfra den i stedet.':
    'The account with this address has two-factor authentication. Sign in to that account and merge from there instead.',
  'Kort kan bare låses opp mens turneringen pågår.': 'Cards can only be unlocked while the tournament is in progress.',
  'Kort kan bare signeres mens turneringen pågår.': 'Cards can only be signed while the tournament is in progress.',
  'Kortet for runde {1} er signert og låst. En administrator må låse det opp før det kan endres.':
    'The card for round {1} is signed and locked. An administrator must unlock it before it can be changed.',
  'En medspiller attesterer kortet ditt, ikke du selv.': 'A co-player attests your card, not you.',
  'Et gjestekort går ikke inn i noe handicapregister.': "A guest's card goes into no handicap record.",
  'Bare en medspiller i runden kan attestere kortet.': 'Only a co-player in the round can attest the card.',
  'Runden må være avsluttet før kortet kan attesteres.': 'The round must be finished before the card can be attested.',
  'Kortet kan ikke attesteres før alle hull er ført. Mangler {1}.':
    'The card cannot be attested before every hole is entered. Missing: {1}.',
  'Kortet er ikke attestert.': 'The card is not attested.',
  'Bare den som attesterte kortet kan trekke attesteringen.': 'Only the one who attested the card can withdraw it.',
  'En attestering kan bare trekkes tilbake innen 24 timer.': 'An attestation can only be withdrawn within 24 hours.',
  'Kortet kan ikke signeres før alle hull er ført. Mangler {1}.':
    'The card cannot be signed before every hole is entered. Missing: {1}.',
  'Landet oppgis som landkode med to bokstaver (for eksempel NO eller ES).':
    'The country is given as a two-letter country code (for example NO or ES).',
  'Laveste handicap kan ikke være høyere enn høyeste.': 'The lowest handicap cannot be higher than the highest.',
  'Legg inn minst ett teested.': 'Add at least one tee.',
  'Mangler lenke.': 'The link is missing.',
  'Meldingen er slettet.': 'The message has been deleted.',
  'Meldingen kan ha høyst {1} tegn.': 'The message can have at most {1} characters.',
  'Meldingen kan ikke være tom.': 'The message cannot be empty.',
  'Minst én klasse.': 'At least one division.',
  'Minst én plass.': 'At least one place.',
  'Minst én runde.': 'At least one round.',
  'Navnet kan ha høyst 100 tegn.': 'The name can have at most 100 characters.',
  'Navnet kan ikke være tomt.': 'The name cannot be empty.',
  'Noe annet ble endret samtidig. Last inn på nytt og prøv igjen.':
    'Something else changed at the same time. Reload and try again.',
  'Oppgi både breddegrad (lat) og lengdegrad (lng).': 'Give both latitude (lat) and longitude (lng).',
  'Oppgi både lat og lng, eller ingen av dem.': 'Give both lat and lng, or neither.',
  'Oppgi e-postadressen.': 'Give the e-mail address.',
  'Oppgi en kode fra metoden du bruker i dag, eller en gjenopprettingskode.':
    'Give a code from the method you use today, or a recovery code.',
  'Oppgi enten groups eller generate.': 'Give either groups or generate.',
  'Oppgi enten lenken, eller e-postadresse og kode.': 'Give either the link, or the e-mail address and the code.',
  'Oppgi enten userId eller guest.': 'Give either userId or guest.',
  'Oppgi koden fra e-posten.': 'Give the code from the e-mail.',
  'Oppgi koden fra tofaktormetoden din, eller en gjenopprettingskode.':
    'Give the code from your two-factor method, or a recovery code.',
  'Oppgi userId eller guest, ikke begge.': 'Give userId or guest, not both.',
  'Oppgi én lengde per hull ({1}).': 'Give one length per hole ({1}).',
  'Par for {1} hull må være mellom {2} og {3}.': 'Par for {1} holes must be between {2} and {3}.',
  'Par må være mellom 3 og 6.': 'Par must be between 3 and 6.',
  'Passordet kan ha høyst {1} tegn.': 'The password can have at most {1} characters.',
  'Passordet må ha minst {1} tegn.': 'The password must have at least {1} characters.',
  'Personen er allerede medlem av klubben.': 'The person is already a member of the club.',
  'Påmeldingen er stengt: turneringen har startet, er ferdig eller avlyst.':
    'Entries are closed: the tournament has started, finished or been cancelled.',
  'Påmeldingsfristen er ute.': 'The entry deadline has passed.',
  'Resultatlisten finnes bare for en turnering som pågår eller er ferdig.':
    'The results exist only for a tournament that is in progress or finished.',
  'Rollen må være {1}.': 'The role must be {1}.',
  'Runden er avsluttet. Resultatene kan ikke endres.': 'The round is finished. The results cannot be changed.',
  'Runden er et tall fra 1 til 4.': 'The round is a number from 1 to 4.',
  'Runden har startet. Sider og spillere kan ikke endres etter første score.':
    'The round has started. Teams and players cannot be changed after the first score.',
  'Runden spilles på hull {1} til {2}.': 'The round is played on holes {1} to {2}.',
  'Rundene nummereres 1, 2, … uten hull, og spilles alle på samme bane.':
    'The rounds are numbered 1, 2, … without gaps, and are all played on the same course.',
  'Rundene nummereres fra 1.': 'The rounds are numbered from 1.',
  'Siden må ha et navn.': 'The team must have a name.',
  'Siden må være et heltall.': 'The page must be a whole number.',
  'Skriv inn det nåværende passordet.': 'Type the current password.',
  'Slag kan bare føres mens turneringen pågår.': 'Strokes can only be entered while the tournament is in progress.',
  'Slag må være mellom 1 og 20.': 'Strokes must be between 1 and 20.',
  'Slagene på hull {1} ble {2} fra en annen telefon før endringen din kom fram. Se over og før inn på nytt om det trengs.':
    'The strokes on hole {1} were {2} from another phone before your change arrived. Check and enter again if needed.',
  'Slope må være mellom {1} og {2}.': 'Slope must be between {1} and {2}.',
  'Spilleform, handicapandel, runder og klasser kan ikke endres etter at turneringen har startet.':
    'Format, handicap allowance, rounds and divisions cannot be changed after the tournament has started.',
  'Spilleformen er {1}.': 'The format is {1}.',
  'Spilleren er allerede med i runden.': 'The player is already in the round.',
  'Spilleren er allerede påmeldt.': 'The player is already entered.',
  'Spilleren er ikke påmeldt denne turneringen.': 'The player is not entered in this tournament.',
  'Spilleren står i mer enn én gruppe.': 'The player is in more than one group.',
  'Språket må være {1}.': 'The language must be {1}.',
  'Start oppsettet av tofaktorautentisering på nytt.': 'Start the two-factor authentication set-up again.',
  'Startlisten går fra ett eller to teesteder (1 eller 2).': 'The start list goes off one or two tees (1 or 2).',
  'Starthullet er 1 eller 10.': 'The starting hole is 1 or 10.',
  'Startlisten kan ikke endres etter at turneringen har startet.':
    'The start list cannot be changed after the tournament has started.',
  'Synlighet er {1}.': 'Visibility is {1}.',
  'Søket er for langt.': 'The search is too long.',
  'Teestedet hører ikke til banen turneringen spilles på.':
    'The tee does not belong to the course the tournament is played on.',
  'Teestedet hører ikke til denne banen.': 'The tee does not belong to this course.',
  'Teestedet må ha et navn.': 'The tee must have a name.',
  'Teksten inneholder kontrolltegn eller ugyldige tegn.': 'The text contains control characters or invalid characters.',
  'Tidspunktet skrives som ISO 8601 (for eksempel 2026-06-01T08:00:00Z).':
    'Write the time as ISO 8601 (for example 2026-06-01T08:00:00Z).',
  'To grupper kan ikke starte fra samme tee samtidig.': 'Two groups cannot start from the same tee at the same time.',
  'Tofaktorautentisering er ikke slått på.': 'Two-factor authentication is not turned on.',
  'Turneringen er avsluttet; resultatlisten står.': 'The tournament has finished; the results stand.',
  'Turneringen er full.': 'The tournament is full.',
  'Turneringen er ikke åpen for påmelding.': 'The tournament is not open for entries.',
  'Turneringen er åpen for handicap til og med {1}.': 'The tournament is open for handicaps up to and including {1}.',
  'Turneringen har allerede {1} påmeldte; plassene kan ikke bli færre enn det.':
    'The tournament already has {1} entries; the places cannot be fewer than that.',
  'Turneringen har ingen runde {1}.': 'The tournament has no round {1}.',
  'Turneringen har startet. Kontakt arrangøren for å trekke deg.':
    'The tournament has started. Contact the organiser to withdraw.',
  'Turneringen kan ikke gå fra {1} til {2}.': 'The tournament cannot go from {1} to {2}.',
  'Turneringen må ha et navn.': 'The tournament must have a name.',
  'Ugyldig JSON i forespørselen.': 'Invalid JSON in the request.',
  'Ugyldig e-postadresse.': 'Invalid e-mail address.',
  'Ugyldig id.': 'Invalid id.',
  'Ugyldig lenke.': 'Invalid link.',
  'Ugyldig peker for neste side.': 'Invalid cursor for the next page.',
  'Ukjent felt.': 'Unknown field.',
  'Ukjent status.': 'Unknown status.',
  'Ukjent teested for denne banen.': 'Unknown tee for this course.',
  'Vi fikk ikke sendt e-posten. Prøv igjen om litt.': 'We could not send the e-mail. Try again in a little while.',
  'Én forbindelse kan ha høyst {1} direkteoppdateringer samtidig.':
    'One connection can have at most {1} live updates at once.',
  'Én forespørsel kan ha høyst {1} kall.': 'One request can have at most {1} calls.',
};

/** Norwegian words that reach a message through a {placeholder} (a list, a hole list, what happened). */
const WORDS_IN_VALUES: readonly [RegExp, string][] = [
  [/ eller /g, ' or '],
  [/ og /g, ' and '],
  [/^hull /, 'holes '],
  [/^fjernet$/, 'removed'],
  [/^endret til /, 'changed to '],
];

interface Pattern {
  regex: RegExp;
  english: string;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Each key with placeholders as a regular expression (built once); exact keys are looked up directly. */
const PATTERNS: Pattern[] = Object.entries(ENGLISH_MESSAGES)
  .filter(([key]) => /\{\d+\}/.test(key))
  .map(([key, english]) => ({
    regex: new RegExp(
      `^${key
        .split(/\{\d+\}/)
        .map(escapeRegExp)
        .join('(.+?)')}$`,
      's',
    ),
    english,
  }));

/** The general messages of the codes, by their Norwegian text. */
const CODE_MESSAGES = new Map<string, string>(Object.values(ERRORS).map((e) => [e.message, e.en]));

/** The English of one of the server's Norwegian messages, or undefined when the table has none. */
export function englishOf(norwegian: string): string | undefined {
  const exact = ENGLISH_MESSAGES[norwegian] ?? CODE_MESSAGES.get(norwegian);
  if (exact !== undefined) return exact;
  for (const { regex, english } of PATTERNS) {
    const match = regex.exec(norwegian);
    if (!match) continue;
    const numbers = [...english.matchAll(/\{(\d+)\}/g)];
    let out = english;
    for (const [placeholder, n] of numbers) {
      const value = WORDS_IN_VALUES.reduce((v, [from, to]) => v.replace(from, to), match[Number(n)] ?? '');
      out = out.replace(placeholder, () => value);
    }
    return out;
  }
  return undefined;
}

/** A server message in the caller's language; `fallback` when English is asked for and the table lacks it. */
export function messageIn(language: Language, norwegian: string, fallback: string): string {
  if (language === 'nb') return norwegian;
  return englishOf(norwegian) ?? fallback;
}
