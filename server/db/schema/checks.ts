import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/**
 * `column in ('a', 'b')` for a check constraint, from a list of shared/values.ts: the database refuses
 * exactly what the list leaves out. The values are the code's own constants, written in as literals (a
 * check constraint takes no parameters); anything but a plain lower-case word is refused here.
 */
export function isOneOf(column: AnyPgColumn, values: readonly string[]): SQL {
  for (const value of values) {
    if (!/^[a-z0-9_]+$/.test(value)) throw new Error(`Not a plain value for a check constraint: ${value}`);
  }
  return sql`${column} in (${sql.raw(values.map((value) => `'${value}'`).join(', '))})`;
}
