import { createTableRelationsHelpers, extractTablesRelationalConfig } from 'drizzle-orm';
import { NodePgSession, NodePgTransaction } from 'drizzle-orm/node-postgres';
import { PgDialect } from 'drizzle-orm/pg-core';
import type pg from 'pg';

/** Runs `work` in a transaction that starts with `opening`; see pipelinedTransactions. */
export type PipelinedTransaction<Tx> = <T>(opening: pg.QueryConfig[], work: (tx: Tx) => Promise<T>) => Promise<T>;

/**
 * Transactions on a pool of pipelining clients (`pipeline: true`) whose opening statements are written
 * without waiting for their answers: `BEGIN`, the opening statements and the first query of `work` leave
 * in one flight, so opening the transaction costs no round trip of its own. drizzle's own `transaction()`
 * awaits its `begin` before running the callback, so the transaction object is built here from drizzle's
 * exported session classes, over the checked-out client, with the same dialect and schema as the database.
 *
 * Safe to pipeline: PostgreSQL answers in order, and if `BEGIN` or an opening statement fails, every
 * statement queued behind it fails too ("current transaction is aborted") instead of running without them.
 * The opening's own error is the one reported.
 */
export function pipelinedTransactions<Tx>(pool: pg.Pool, schema: Record<string, unknown>): PipelinedTransaction<Tx> {
  const dialect = new PgDialect();
  const tables = extractTablesRelationalConfig(schema, createTableRelationsHelpers);
  const relational = { fullSchema: schema, schema: tables.tables, tableNamesMap: tables.tableNamesMap };

  return async (opening, work) => {
    const client = await pool.connect();
    let broken = false;
    try {
      const tx = new NodePgTransaction(
        dialect,
        new NodePgSession(client, dialect, relational),
        relational,
      ) as unknown as Tx;
      const sent = [client.query('begin'), ...opening.map((statement) => client.query(statement))];
      // Settles before anything queued behind it; the failure is kept to be reported instead of its echoes.
      const openingFailure = Promise.all(sent).then(
        () => null,
        (error: unknown) => error,
      );
      try {
        const result = await work(tx);
        const failure = await openingFailure;
        if (failure) throw failure;
        await client.query('commit');
        return result;
      } catch (error) {
        const failure = await openingFailure;
        try {
          await client.query('rollback');
        } catch {
          // A connection that cannot roll back must not serve another request.
          broken = true;
        }
        throw failure ?? error;
      }
    } finally {
      client.release(broken);
    }
  };
}
