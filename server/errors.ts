import { ERRORS, type ErrorCode, type FieldIssue } from '../shared/errors';

/**
 * The one domain error. Domain functions throw it; the tRPC error formatter and the REST error handler
 * are the only places that turn it into a response (server/trpc/init.ts, server/rest/respond.ts).
 */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly issues: FieldIssue[] | undefined;
  /** Seconds until a rate-limited caller may try again (sent as Retry-After). */
  readonly retryAfterSeconds: number | undefined;

  constructor(
    code: ErrorCode,
    options: { message?: string; issues?: FieldIssue[]; retryAfterSeconds?: number; cause?: unknown } = {},
  ) {
    super(options.message ?? ERRORS[code].message, { cause: options.cause });
    this.name = 'AppError';
    this.code = code;
    this.status = ERRORS[code].status;
    this.issues = options.issues;
    this.retryAfterSeconds = options.retryAfterSeconds;
  }
}
