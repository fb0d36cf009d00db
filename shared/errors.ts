/**
 * The error contract (CONTRACT.md section 2): every code the API can answer with, its HTTP status and
 * the Norwegian message a user sees. Shared so the app can show the same text the server sends.
 */
/** A typed sign-in code that did not match: what to check first, and only then to ask for a new one. */
export const WRONG_SIGN_IN_CODE_MESSAGE =
  'Koden stemmer ikke. Sjekk at koden og e-postadressen er skrevet riktig. Er koden utløpt eller brukt, be om en ny.';

export const ERRORS = {
  INVALID_INPUT: { status: 400, message: 'Ugyldige opplysninger. Sjekk feltene og prøv igjen.' },
  INVALID_LINK: { status: 400, message: 'Lenken eller koden er ugyldig eller utløpt. Be om en ny.' },
  INVALID_CODE: {
    status: 400,
    message: 'Koden stemmer ikke. Sjekk at den er skrevet riktig. Er den utløpt eller brukt, trenger du en ny.',
  },
  NOT_AUTHENTICATED: { status: 401, message: 'Du må logge inn.' },
  INVALID_CREDENTIALS: { status: 401, message: 'Feil e-postadresse eller passord.' },
  NOT_SUPER_ADMIN: { status: 403, message: 'Dette krever superadministrator.' },
  NOT_ORG_MEMBER: { status: 403, message: 'Du er ikke medlem av denne klubben.' },
  NOT_ORG_ADMIN: { status: 403, message: 'Dette krever eier- eller administratorrolle i klubben.' },
  FORBIDDEN: { status: 403, message: 'Du har ikke tilgang til dette.' },
  TWO_FACTOR_REQUIRED: {
    status: 403,
    message: 'Eiere og administratorer må ha tofaktorautentisering. Den kan ikke slås av.',
  },
  FORBIDDEN_ORIGIN: { status: 403, message: 'Forespørselen ble avvist (ugyldig opprinnelse eller innholdstype).' },
  NOT_FOUND: { status: 404, message: 'Fant ikke det du lette etter.' },
  EMAIL_NOT_FOUND: { status: 404, message: 'Ingen konto har denne e-postadressen.' },
  CONFLICT: { status: 409, message: 'Endringen er ikke mulig slik ting står nå.' },
  LAST_OWNER: {
    status: 409,
    message:
      'Du er siste eier av en organisasjon med andre medlemmer. Gjør et annet medlem til eier før du sletter kontoen.',
  },
  PAYLOAD_TOO_LARGE: { status: 413, message: 'Forespørselen er for stor.' },
  RATE_LIMITED: { status: 429, message: 'For mange forsøk. Vent litt og prøv igjen.' },
  INTERNAL: { status: 500, message: 'Noe gikk galt hos oss. Prøv igjen senere.' },
  /** The database cannot be reached right now (decision 0015); carries `Retry-After`. */
  UNAVAILABLE: { status: 503, message: 'Tjenesten er midlertidig utilgjengelig. Prøv igjen om litt.' },
} as const;

export type ErrorCode = keyof typeof ERRORS;

export interface FieldIssue {
  path: string;
  message: string;
}

/** The REST error body of CONTRACT.md section 2. */
export interface ErrorBody {
  error: { code: ErrorCode; message: string; issues?: FieldIssue[]; requestId?: string };
}

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.hasOwn(ERRORS, value);
}
