/** An error, or anything thrown that looks like one (drizzle's, pg's and PGlite's errors, tRPC's). */
export type ErrorLike = Error & Record<string, unknown>;

export const MAX_CHAIN = 8;

export function isErrorLike(value: unknown): value is ErrorLike {
  return typeof value === 'object' && value !== null && typeof (value as { message?: unknown }).message === 'string';
}

/**
 * An error and its causes, outermost first: drizzle wraps the driver's error, tRPC wraps ours, so the code
 * that says what happened (a SQLSTATE, ECONNREFUSED) is often one or two causes down. Cycle-safe, at most
 * eight deep.
 */
export function errorChain(error: unknown): ErrorLike[] {
  const chain: ErrorLike[] = [];
  for (let e: unknown = error; isErrorLike(e) && chain.length < MAX_CHAIN && !chain.includes(e); e = e.cause)
    chain.push(e);
  return chain;
}

/** The first string `code` in the chain that `accept` takes (by default any). */
export function codeInChain(error: unknown, accept: (code: string) => boolean = () => true): string | undefined {
  for (const e of errorChain(error)) if (typeof e.code === 'string' && accept(e.code)) return e.code;
  return undefined;
}
