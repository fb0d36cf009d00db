import type { AnyProcedure } from '@trpc/server';
import { appRouter } from '../trpc/router';
import type { ProcedurePath } from './table';

// The router keeps every procedure under its dotted path as well ('tournaments.setScore').
const flat: Readonly<Record<string, unknown>> = appRouter._def.procedures;

function isProcedure(value: unknown): value is AnyProcedure {
  return (
    typeof value === 'function' &&
    '_def' in value &&
    typeof value._def === 'object' &&
    value._def !== null &&
    'procedure' in value._def
  );
}

/** The procedure a table row names; the row's type already guarantees it exists. */
export function procedureAt(path: ProcedurePath): AnyProcedure {
  const found = flat[path];
  if (!isProcedure(found)) throw new Error(`No procedure at ${path}`);
  return found;
}
