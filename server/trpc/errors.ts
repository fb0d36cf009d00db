import { TRPCError } from '@trpc/server';
import type { TRPC_ERROR_CODE_KEY } from '@trpc/server/rpc';
import { z, ZodError } from 'zod';
import { ERRORS, type ErrorCode, type ErrorKey, type FieldIssue, type KeyedIssue } from '../../shared/errors';
import type { TextParams } from '../../shared/i18n/types';
import { RULE_FACTS } from '../../shared/schemas/rule-facts';
import type { Language } from '../../shared/values';
import { MAX_BATCH_CALLS } from '../../shared/http';
import { isLostRace } from '../db/lost-race';
import { isDatabaseUnavailable, UNAVAILABLE_RETRY_AFTER_SECONDS } from '../db/unavailable';
import { AppError } from '../errors';
import type { Logger } from '../log';
import { texts } from '../texts';

/** The one mapping from an error of any kind to what a client is told (docs/contract.md section 2). */
export interface DescribedError {
  code: ErrorCode;
  status: number;
  message: string;
  issues?: FieldIssue[];
  retryAfterSeconds?: number;
}

const TRPC_CODE_BY_STATUS: Record<number, TRPC_ERROR_CODE_KEY> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  429: 'TOO_MANY_REQUESTS',
  500: 'INTERNAL_SERVER_ERROR',
  503: 'SERVICE_UNAVAILABLE',
};

/** tRPC derives the HTTP status from its own code, so an AppError travels as the matching TRPCError. */
export function toTRPCError(error: AppError): TRPCError {
  return new TRPCError({
    code: TRPC_CODE_BY_STATUS[error.status] ?? 'INTERNAL_SERVER_ERROR',
    message: error.message,
    cause: error,
  });
}

const englishZod = z.locales.en().localeError;

/** The facts zod records on an issue that our schemas' texts word: a bound, the allowed values, `params`. */
function issueParams(issue: z.core.$ZodIssue): TextParams {
  const facts: Record<string, TextParams[string]> = {};
  for (const name of ['minimum', 'maximum', 'values'] as const) {
    const value = (issue as unknown as Record<string, unknown>)[name];
    if (typeof value === 'number' || typeof value === 'bigint') facts[name] = Number(value);
    else if (Array.isArray(value)) facts[name] = value.map(String);
  }
  const params = (issue as { params?: Record<string, TextParams[string]> }).params;
  return { ...RULE_FACTS[issue.message], ...facts, ...params };
}

/**
 * A field issue in the caller's language: our schemas' messages are keys of the errors catalogue, worded
 * with the issue's facts; zod's general ones (a wrong type, too long a string) are zod's Norwegian, or
 * worded again by zod's English locale.
 */
function issueMessage(issue: z.core.$ZodIssue, language: Language): string {
  if (issue.message.startsWith('errors.') && texts.has(issue.message)) {
    return texts.text(language, issue.message, issueParams(issue));
  }
  if (language === 'nb') return issue.message;
  const worded = englishZod?.(issue as unknown as Parameters<NonNullable<typeof englishZod>>[0]);
  const text = typeof worded === 'string' ? worded : worded?.message;
  return text ?? texts.text(language, 'errors.codes.INVALID_INPUT');
}

export function zodIssues(error: ZodError, language: Language = 'nb'): FieldIssue[] {
  return error.issues.map((issue) => ({
    path: issue.path.map(String).join('.'),
    message: issueMessage(issue, language),
  }));
}

/** An issue made by hand (AppError `issues`) in the caller's language. */
function issueIn(issue: KeyedIssue, language: Language): FieldIssue {
  return { path: issue.path, message: texts.text(language, issue.key, issue.params) };
}

/** What tRPC's adapter says when a batch is over `maxBatchSize` (server/app.ts); its code is only BAD_REQUEST. */
const TRPC_BATCH_TOO_LARGE = 'Batch call exceeds maximum size';

/**
 * tRPC's own errors (no AppError behind them: a body that does not parse, a procedure that does not exist, the
 * wrong method) as our codes; any other tRPC code is an INTERNAL one.
 */
const CODE_OF_TRPC_ERROR: Partial<Record<TRPC_ERROR_CODE_KEY, ErrorCode>> = {
  BAD_REQUEST: 'INVALID_INPUT',
  PARSE_ERROR: 'INVALID_INPUT',
  METHOD_NOT_SUPPORTED: 'INVALID_INPUT',
  UNAUTHORIZED: 'NOT_AUTHENTICATED',
  FORBIDDEN: 'FORBIDDEN',
  NOT_FOUND: 'NOT_FOUND',
  PAYLOAD_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  CONFLICT: 'CONFLICT',
  TOO_MANY_REQUESTS: 'RATE_LIMITED',
};

/**
 * What a client is told, in `language` (decisions 0020 and 0023): the key an error carries, or its code's
 * general message, worded by the errors catalogue of that language.
 */
export function describeError(error: unknown, language: Language = 'nb'): DescribedError {
  function fromCode(
    code: ErrorCode,
    extra: Omit<Partial<DescribedError>, 'message'> & { key?: ErrorKey; params?: TextParams } = {},
  ): DescribedError {
    const { key = `errors.codes.${code}` as const, params, ...rest } = extra;
    return { code, status: ERRORS[code].status, ...rest, message: texts.text(language, key, params) };
  }
  const cause = error instanceof TRPCError ? error.cause : error;
  if (cause instanceof AppError) {
    return {
      code: cause.code,
      status: cause.status,
      message: texts.text(language, cause.key, cause.params),
      ...(cause.issues ? { issues: cause.issues.map((issue) => issueIn(issue, language)) } : {}),
      ...(cause.retryAfterSeconds !== undefined ? { retryAfterSeconds: cause.retryAfterSeconds } : {}),
    };
  }
  if (cause instanceof ZodError) return fromCode('INVALID_INPUT', { issues: zodIssues(cause, language) });
  if (isDatabaseUnavailable(cause))
    return fromCode('UNAVAILABLE', { retryAfterSeconds: UNAVAILABLE_RETRY_AFTER_SECONDS });
  if (isLostRace(cause)) {
    return fromCode('CONFLICT', { key: 'errors.requests.lostRace' });
  }
  if (error instanceof TRPCError) {
    if (error.code === 'BAD_REQUEST' && error.message === TRPC_BATCH_TOO_LARGE) {
      return fromCode('INVALID_INPUT', { key: 'errors.requests.batchTooLarge', params: { calls: MAX_BATCH_CALLS } });
    }
    return fromCode(CODE_OF_TRPC_ERROR[error.code] ?? 'INTERNAL');
  }
  return fromCode('INTERNAL');
}

/**
 * What the log keeps of an error a client was answered with: an unexpected one (500) as an error; the
 * database away (503) and a race lost to another request (409 from `isLostRace`) as warnings.
 */
export function logAnswered(logger: Logger, error: unknown, code: ErrorCode, fields: Record<string, unknown>): void {
  if (code === 'INTERNAL') logger.error({ err: error, ...fields }, 'unexpected error');
  else if (code === 'UNAVAILABLE') logger.warn({ err: error, ...fields }, 'database unavailable');
  else if (code === 'CONFLICT' && isLostRace(error)) logger.warn({ err: error, ...fields }, 'lost a race');
}
