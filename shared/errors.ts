/**
 * The error contract (docs/contract.md section 2): every code the API can answer with, its HTTP status and
 * the message a user sees, in Norwegian (`message`) and English (`en`), decision 0020. Shared so the app
 * can show the same text the server sends. Other texts the server answers with (a particular refusal, a
 * field's issue) have their English in shared/error-messages.ts.
 */
import type { Language } from './values';

/** A typed sign-in code that did not match: what to check first, and only then to ask for a new one. */
export const WRONG_SIGN_IN_CODE_MESSAGE =
  'Koden stemmer ikke. Sjekk at koden og e-postadressen er skrevet riktig. Er koden utløpt eller brukt, be om en ny.';

export const ERRORS = {
  INVALID_INPUT: {
    status: 400,
    message: 'Ugyldige opplysninger. Sjekk feltene og prøv igjen.',
    en: 'Invalid details. Check the fields and try again.',
  },
  INVALID_LINK: {
    status: 400,
    message: 'Lenken eller koden er ugyldig eller utløpt. Be om en ny.',
    en: 'The link or code is invalid or has expired. Ask for a new one.',
  },
  INVALID_CODE: {
    status: 400,
    message: 'Koden stemmer ikke. Sjekk at den er skrevet riktig. Er den utløpt eller brukt, trenger du en ny.',
    en: 'The code does not match. Check that it is typed correctly. If it has expired or been used, you need a new one.',
  },
  NOT_AUTHENTICATED: { status: 401, message: 'Du må logge inn.', en: 'You must sign in.' },
  INVALID_CREDENTIALS: {
    status: 401,
    message: 'Feil e-postadresse eller passord.',
    en: 'Wrong e-mail address or password.',
  },
  NOT_SUPER_ADMIN: {
    status: 403,
    message: 'Dette krever superadministrator.',
    en: 'This requires a super administrator.',
  },
  NOT_ORG_MEMBER: {
    status: 403,
    message: 'Du er ikke medlem av denne klubben.',
    en: 'You are not a member of this club.',
  },
  NOT_ORG_ADMIN: {
    status: 403,
    message: 'Dette krever eier- eller administratorrolle i klubben.',
    en: 'This requires the owner or administrator role in the club.',
  },
  FORBIDDEN: { status: 403, message: 'Du har ikke tilgang til dette.', en: 'You do not have access to this.' },
  TWO_FACTOR_REQUIRED: {
    status: 403,
    message: 'Eiere og administratorer må ha tofaktorautentisering. Den kan ikke slås av.',
    en: 'Owners and administrators must have two-factor authentication. It cannot be turned off.',
  },
  FORBIDDEN_ORIGIN: {
    status: 403,
    message: 'Forespørselen ble avvist (ugyldig opprinnelse eller innholdstype).',
    en: 'The request was refused (invalid origin or content type).',
  },
  NOT_FOUND: {
    status: 404,
    message: 'Fant ikke det du lette etter.',
    en: 'We could not find what you were looking for.',
  },
  EMAIL_NOT_FOUND: {
    status: 404,
    message: 'Ingen konto har denne e-postadressen.',
    en: 'No account has this e-mail address.',
  },
  CONFLICT: {
    status: 409,
    message: 'Endringen er ikke mulig slik ting står nå.',
    en: 'The change is not possible as things stand now.',
  },
  LAST_OWNER: {
    status: 409,
    message:
      'Du er siste eier av en organisasjon med andre medlemmer. Gjør et annet medlem til eier før du sletter kontoen.',
    en: 'You are the last owner of a club with other members. Make another member owner before you delete the account.',
  },
  PAYLOAD_TOO_LARGE: { status: 413, message: 'Forespørselen er for stor.', en: 'The request is too large.' },
  RATE_LIMITED: {
    status: 429,
    message: 'For mange forsøk. Vent litt og prøv igjen.',
    en: 'Too many attempts. Wait a little and try again.',
  },
  INTERNAL: {
    status: 500,
    message: 'Noe gikk galt hos oss. Prøv igjen senere.',
    en: 'Something went wrong on our side. Try again later.',
  },
  /** The database cannot be reached right now (decision 0015); carries `Retry-After`. */
  UNAVAILABLE: {
    status: 503,
    message: 'Tjenesten er midlertidig utilgjengelig. Prøv igjen om litt.',
    en: 'The service is temporarily unavailable. Try again in a little while.',
  },
} as const;

export type ErrorCode = keyof typeof ERRORS;

export interface FieldIssue {
  path: string;
  message: string;
}

/** The REST error body of docs/contract.md section 2. */
export interface ErrorBody {
  error: { code: ErrorCode; message: string; issues?: FieldIssue[]; requestId?: string };
}

/** The general message of a code in a language. */
export function errorMessage(code: ErrorCode, language: Language): string {
  return language === 'en' ? ERRORS[code].en : ERRORS[code].message;
}

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.hasOwn(ERRORS, value);
}
