import { ERRORS, type ErrorCode, type ErrorKey, type KeyedIssue } from '../shared/errors';
import type { TextParams } from '../shared/i18n/types';
import { texts } from './texts';

/**
 * The one domain error. Domain functions throw it; the tRPC error formatter and the REST error handler
 * are the only places that turn it into a response (server/trpc/init.ts, server/rest/respond.ts).
 * It carries what to say as a key of the errors catalogue and its facts (decision 0023), so each caller
 * gets it worded in their own language; without a key it says its code's general message.
 */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly key: ErrorKey;
  readonly params: TextParams | undefined;
  readonly issues: KeyedIssue[] | undefined;
  /** Seconds until a rate-limited caller may try again (sent as Retry-After). */
  readonly retryAfterSeconds: number | undefined;

  constructor(
    code: ErrorCode,
    options: {
      key?: ErrorKey;
      params?: TextParams;
      issues?: KeyedIssue[];
      retryAfterSeconds?: number;
      cause?: unknown;
    } = {},
  ) {
    const key = options.key ?? (`errors.codes.${code}` as const);
    // The Norwegian words, for the logs; a client is answered through describeError in its own language.
    super(texts.text('nb', key, options.params), { cause: options.cause });
    this.name = 'AppError';
    this.code = code;
    this.status = ERRORS[code].status;
    this.key = key;
    this.params = options.params;
    this.issues = options.issues;
    this.retryAfterSeconds = options.retryAfterSeconds;
  }
}
