import { TRPCError } from '@trpc/server';
import type { TRPC_ERROR_CODE_KEY } from '@trpc/server/rpc';
import { ZodError } from 'zod';
import { ERRORS, type ErrorCode, type FieldIssue } from '../../shared/errors';
import { MAX_BATCH_CALLS } from '../../shared/http';
import { isDatabaseUnavailable, UNAVAILABLE_RETRY_AFTER_SECONDS } from '../db/unavailable';
import { AppError } from '../errors';

/** The one mapping from an error of any kind to what a client is told (CONTRACT.md section 2). */
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

export function zodIssues(error: ZodError): FieldIssue[] {
  return error.issues.map((issue) => ({ path: issue.path.map(String).join('.'), message: issue.message }));
}

/** What tRPC's adapter says when a batch is over `maxBatchSize` (server/app.ts); its code is only BAD_REQUEST. */
const TRPC_BATCH_TOO_LARGE = 'Batch call exceeds maximum size';

function fromCode(code: ErrorCode, extra: Partial<DescribedError> = {}): DescribedError {
  return { code, status: ERRORS[code].status, message: ERRORS[code].message, ...extra };
}

export function describeError(error: unknown): DescribedError {
  const cause = error instanceof TRPCError ? error.cause : error;
  if (cause instanceof AppError) {
    return {
      code: cause.code,
      status: cause.status,
      message: cause.message,
      ...(cause.issues ? { issues: cause.issues } : {}),
      ...(cause.retryAfterSeconds !== undefined ? { retryAfterSeconds: cause.retryAfterSeconds } : {}),
    };
  }
  if (cause instanceof ZodError) return fromCode('INVALID_INPUT', { issues: zodIssues(cause) });
  if (isDatabaseUnavailable(cause))
    return fromCode('UNAVAILABLE', { retryAfterSeconds: UNAVAILABLE_RETRY_AFTER_SECONDS });
  if (error instanceof TRPCError) {
    switch (error.code) {
      case 'BAD_REQUEST':
        if (error.message === TRPC_BATCH_TOO_LARGE) {
          return fromCode('INVALID_INPUT', { message: `Én forespørsel kan ha høyst ${MAX_BATCH_CALLS} kall.` });
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
