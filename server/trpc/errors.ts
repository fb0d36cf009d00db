import { TRPCError } from '@trpc/server';
import type { TRPC_ERROR_CODE_KEY } from '@trpc/server/rpc';
import { z, ZodError } from 'zod';
import { englishOf, messageIn } from '../../shared/error-messages';
import { ERRORS, errorMessage, type ErrorCode, type FieldIssue } from '../../shared/errors';
import type { Language } from '../../shared/values';
import { MAX_BATCH_CALLS } from '../../shared/http';
import { isLostRace, LOST_RACE_MESSAGE } from '../db/lost-race';
import { isDatabaseUnavailable, UNAVAILABLE_RETRY_AFTER_SECONDS } from '../db/unavailable';
import { AppError } from '../errors';
import type { Logger } from '../log';

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

/**
 * A field issue in the caller's language: our own texts through the one table (shared/error-messages.ts);
 * zod's general ones (a wrong type, too long a string) worded again by zod's English locale.
 */
function issueMessage(issue: z.core.$ZodIssue, language: Language): string {
  if (language === 'nb') return issue.message;
  const ours = englishOf(issue.message);
  if (ours !== undefined) return ours;
  const worded = englishZod?.(issue as unknown as Parameters<NonNullable<typeof englishZod>>[0]);
  const text = typeof worded === 'string' ? worded : worded?.message;
  return text ?? ERRORS.INVALID_INPUT.en;
}

export function zodIssues(error: ZodError, language: Language = 'nb'): FieldIssue[] {
  return error.issues.map((issue) => ({
    path: issue.path.map(String).join('.'),
    message: issueMessage(issue, language),
  }));
}

/** An issue made by hand (AppError `issues`) in the caller's language. */
function issueIn(issue: FieldIssue, language: Language): FieldIssue {
  return { path: issue.path, message: messageIn(language, issue.message, ERRORS.INVALID_INPUT.en) };
}

/** What tRPC's adapter says when a batch is over `maxBatchSize` (server/app.ts); its code is only BAD_REQUEST. */
const TRPC_BATCH_TOO_LARGE = 'Batch call exceeds maximum size';

/**
 * What a client is told, in `language` (decision 0020): Norwegian as the domain code wrote it, or English
 * through the one table; a Norwegian text the table lacks becomes the code's general English message.
 */
export function describeError(error: unknown, language: Language = 'nb'): DescribedError {
  function fromCode(code: ErrorCode, extra: Partial<DescribedError> = {}): DescribedError {
    const message = extra.message === undefined ? errorMessage(code, language) : extra.message;
    return { code, status: ERRORS[code].status, ...extra, message };
  }
  const cause = error instanceof TRPCError ? error.cause : error;
  if (cause instanceof AppError) {
    return {
      code: cause.code,
      status: cause.status,
      message: messageIn(language, cause.message, ERRORS[cause.code].en),
      ...(cause.issues ? { issues: cause.issues.map((issue) => issueIn(issue, language)) } : {}),
      ...(cause.retryAfterSeconds !== undefined ? { retryAfterSeconds: cause.retryAfterSeconds } : {}),
    };
  }
  if (cause instanceof ZodError) return fromCode('INVALID_INPUT', { issues: zodIssues(cause, language) });
  if (isDatabaseUnavailable(cause))
    return fromCode('UNAVAILABLE', { retryAfterSeconds: UNAVAILABLE_RETRY_AFTER_SECONDS });
  if (isLostRace(cause)) {
    return fromCode('CONFLICT', { message: messageIn(language, LOST_RACE_MESSAGE, ERRORS.CONFLICT.en) });
  }
  if (error instanceof TRPCError) {
    switch (error.code) {
      case 'BAD_REQUEST':
        if (error.message === TRPC_BATCH_TOO_LARGE) {
          const message = `Én forespørsel kan ha høyst ${MAX_BATCH_CALLS} kall.`;
          return fromCode('INVALID_INPUT', { message: messageIn(language, message, ERRORS.INVALID_INPUT.en) });
        }
        return fromCode('INVALID_INPUT');
      case 'PARSE_ERROR':
      case 'METHOD_NOT_SUPPORTED':
        return fromCode('INVALID_INPUT');
      case 'UNAUTHORIZED':
        return fromCode('NOT_AUTHENTICATED');
      case 'FORBIDDEN':
        return fromCode('FORBIDDEN');
      case 'NOT_FOUND':
        return fromCode('NOT_FOUND');
      case 'PAYLOAD_TOO_LARGE':
        return fromCode('PAYLOAD_TOO_LARGE');
      case 'CONFLICT':
        return fromCode('CONFLICT');
      case 'TOO_MANY_REQUESTS':
        return fromCode('RATE_LIMITED');
      default:
        return fromCode('INTERNAL');
    }
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
