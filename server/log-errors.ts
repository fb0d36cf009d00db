import { type ErrorLike, errorChain, isErrorLike, MAX_CHAIN } from './error-chain';

/**
 * How an error is written to the log (pino's `err` serializer): what it is and where it came from, never the
 * values it was about. A failed query carries them three ways: drizzle's error has the parameters in
 * `params` and, appended, in its message and stack (`Failed query: …\nparams: kari@example.no,…`);
 * PostgreSQL's error has the row in `detail` ("Key (email)=(kari@example.no) already exists"), context in
 * `where` (PGlite's also keeps `params`); and for a data exception (SQLSTATE class 22) the value itself in
 * the message ('invalid input syntax for type uuid: "…"'). tRPC copies its cause's message and stack onto the error it wraps, so the
 * values reach every error of the chain.
 *
 * So only named fields are kept (a whitelist: an unknown field of an unknown error is not logged), and
 * every message and stack in the chain has the unsafe texts found in the chain replaced by safe ones.
 */
const KEPT_FIELDS = ['code', 'constraint', 'table', 'column', 'schema', 'dataType', 'severity', 'routine'] as const;
const HIDDEN = '[skjult]';

export interface LoggedError {
  type: string;
  message: string;
  stack?: string;
  cause?: LoggedError;
  errors?: LoggedError[];
  [field: string]: unknown;
}

/** An error the database sent (pg's DatabaseError, PGlite's, which also carries `query` and `params`). */
function isDatabaseError(error: ErrorLike): boolean {
  return typeof error.severity === 'string' && typeof error.code === 'string';
}

/** drizzle's DrizzleQueryError: the query text (placeholders only) and the parameters. */
function isQueryError(error: ErrorLike): error is ErrorLike & { query: string } {
  return typeof error.query === 'string' && Array.isArray(error.params);
}

/** Each unsafe message in the chain, with what to write instead wherever it appears. */
function replacementsFor(chain: ErrorLike[]): [string, string][] {
  const pairs: [string, string][] = [];
  for (const error of chain) {
    if (isDatabaseError(error)) {
      // SQLSTATE class 22, data exception: the message quotes the offending value ('… type uuid: "…"').
      if ((error.code as string).startsWith('22'))
        pairs.push([error.message, error.message.replace(/"(?:[^"]|"")*"/g, `"${HIDDEN}"`)]);
    } else if (isQueryError(error)) {
      pairs.push([error.message, `Failed query: ${error.query}`]);
    }
  }
  return pairs.filter(([unsafe, safe]) => unsafe !== '' && unsafe !== safe);
}

function serialize(error: ErrorLike, replacements: [string, string][], depth: number): LoggedError {
  const clean = (text: string) => replacements.reduce((t, [unsafe, safe]) => t.replaceAll(unsafe, () => safe), text);
  const logged: LoggedError = { type: error.constructor?.name ?? error.name, message: clean(error.message) };
  if (typeof error.stack === 'string') logged.stack = clean(error.stack);
  for (const field of KEPT_FIELDS) {
    const value = error[field];
    if (typeof value === 'string' || typeof value === 'number') logged[field] = value;
  }
  if (depth < MAX_CHAIN && isErrorLike(error.cause)) logged.cause = serialize(error.cause, replacements, depth + 1);
  // AggregateError: a connection refused on every address of a host, for one.
  if (depth < MAX_CHAIN && Array.isArray(error.errors)) {
    logged.errors = error.errors
      .filter(isErrorLike)
      .map((e) => serialize(e, replacementsFor(errorChain(e)), depth + 1));
  }
  return logged;
}

export function serializeError(error: unknown): unknown {
  if (!isErrorLike(error)) return error;
  return serialize(error, replacementsFor(errorChain(error)), 0);
}
