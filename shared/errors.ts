/**
 * The error contract (docs/contract.md section 2): every code the API can answer with and its HTTP status.
 * What a user is told is a key of the errors catalogue (shared/i18n/<language>/errors.ts, decision 0023):
 * a code's general message is `errors.codes.<CODE>`, a particular refusal or field issue its own key.
 */
import type { errors } from './i18n/nb/errors';
import type { TextKey, TextParams } from './i18n/types';

export const ERRORS = {
  INVALID_INPUT: { status: 400 },
  INVALID_LINK: { status: 400 },
  INVALID_CODE: { status: 400 },
  NOT_AUTHENTICATED: { status: 401 },
  INVALID_CREDENTIALS: { status: 401 },
  NOT_SUPER_ADMIN: { status: 403 },
  NOT_ORG_MEMBER: { status: 403 },
  NOT_ORG_ADMIN: { status: 403 },
  FORBIDDEN: { status: 403 },
  TWO_FACTOR_REQUIRED: { status: 403 },
  FORBIDDEN_ORIGIN: { status: 403 },
  NOT_FOUND: { status: 404 },
  EMAIL_NOT_FOUND: { status: 404 },
  CONFLICT: { status: 409 },
  LAST_OWNER: { status: 409 },
  PAYLOAD_TOO_LARGE: { status: 413 },
  RATE_LIMITED: { status: 429 },
  INTERNAL: { status: 500 },
  /** The database cannot be reached right now (decision 0015); carries `Retry-After`. */
  UNAVAILABLE: { status: 503 },
} as const;

export type ErrorCode = keyof typeof ERRORS;

/** A text of the errors catalogue, as AppError and the schemas name it: `errors.tournaments.notFound`. */
export type ErrorKey = `errors.${TextKey<typeof errors>}`;

/** A field issue as a client receives it: the path and the words in the caller's language. */
export interface FieldIssue {
  path: string;
  message: string;
}

/** A field issue as the server makes it by hand (AppError `issues`): the path, a key and its facts. */
export interface KeyedIssue {
  path: string;
  key: ErrorKey;
  params?: TextParams;
}

/** The REST error body of docs/contract.md section 2. */
export interface ErrorBody {
  error: { code: ErrorCode; message: string; issues?: FieldIssue[]; requestId?: string };
}

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.hasOwn(ERRORS, value);
}
