import { createTableRelationsHelpers, extractTablesRelationalConfig } from 'drizzle-orm';
import { NodePgSession, NodePgTransaction } from 'drizzle-orm/node-postgres';
import { PgDialect } from 'drizzle-orm/pg-core';
import type pg from 'pg';

/**
 * drizzle's transaction object over a client that is already in a transaction (or anything with its `query`),
 * with the same dialect and schema as the database. drizzle's own `transaction()` awaits its `begin` before
 * running the callback, so the transactions here are built from drizzle's exported session classes.
 */
function transactionsOver<Tx>(schema: Record<string, unknown>): (client: Pick<pg.PoolClient, 'query'>) => Tx {
  const dialect = new PgDialect();
  const tables = extractTablesRelationalConfig(schema, createTableRelationsHelpers);
  const relational = { fullSchema: schema, schema: tables.tables, tableNamesMap: tables.tableNamesMap };
  return (client) =>
    new NodePgTransaction(
      dialect,
      new NodePgSession(client as pg.PoolClient, dialect, relational),
      relational,
    ) as unknown as Tx;
}

/** Runs `work` in a transaction that starts with `opening`; see pipelinedTransactions. */
export type PipelinedTransaction<Tx> = <T>(opening: pg.QueryConfig[], work: (tx: Tx) => Promise<T>) => Promise<T>;

/**
 * Transactions on a pool of pipelining clients (`pipeline: true`) whose opening statements are written
 * without waiting for their answers: `BEGIN`, the opening statements and the first query of `work` leave
 * in one flight, so opening the transaction costs no round trip of its own (the transaction object is
 * transactionsOver's, over the checked-out client).
 *
 * Safe to pipeline: PostgreSQL answers in order, and if `BEGIN` or an opening statement fails, every
 * statement queued behind it fails too ("current transaction is aborted") instead of running without them.
 * The opening's own error is the one reported.
 */
export function pipelinedTransactions<Tx>(pool: pg.Pool, schema: Record<string, unknown>): PipelinedTransaction<Tx> {
  const txOver = transactionsOver<Tx>(schema);

  return async (opening, work) => {
    const client = await pool.connect();
    let broken = false;
    try {
      const tx = txOver(client);
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

/**
 * The statement a gated read opens with, and what decides from its answer whether the read may go on:
 * `admit` throws to refuse. Whatever it throws is the read's answer, whatever the work did meanwhile.
 */
export interface ReadGate<Tx, G> {
  query(tx: Tx): Promise<G>;
  admit(answer: G): void;
}

/** Runs `work` in a read-only transaction opened by `gate`; see gatedReads. */
export type GatedRead<Tx> = <G, T>(gate: ReadGate<Tx, G>, work: (tx: Tx) => Promise<T>) => Promise<T>;

type PoolClient = pg.PoolClient;
type Query = PoolClient['query'];

/**
 * Read-only transactions in one flight (decision 0710): `BEGIN READ ONLY`, the gate's statement (the session,
 * the membership and the tenancy's settings) and the work's first query are written to the socket together,
 * before any answer is known, so the whole read waits for one round trip.
 *
 * The work therefore starts before it has been admitted. What keeps that safe:
 * - the answers to the work's queries are held back until `admit` has accepted the gate's answer; refused,
 *   every one of them rejects with the refusal, and the refusal is what the caller gets;
 * - the transaction is READ ONLY: a statement sent before the refusal cannot have changed anything;
 * - the work's statements are queued strictly after the gate's, which is queued before `work` is called,
 *   so in the database they run under whatever the gate's statement set (and PostgreSQL runs a connection's
 *   statements in order); if `BEGIN` or the gate fails, the transaction is aborted and so is everything
 *   behind it.
 *
 * `COMMIT` (or `ROLLBACK`) is written when the work is done and the connection goes back to the pool at once:
 * the next transaction on it is queued behind the commit, and nobody waits for the commit's answer. A
 * read-only commit cannot change what was read; if it fails all the same, the connection is destroyed, so it
 * serves nothing more. The settings are transaction-local either way.
 */
export function gatedReads<Tx>(pool: pg.Pool, schema: Record<string, unknown>): GatedRead<Tx> {
  const txOver = transactionsOver<Tx>(schema);

  // The gate runs on a transaction object kept per connection, so that it can keep a prepared statement per
  // connection; its client tells when the gate's statement has been queued.
  interface GateConnection {
    tx: Tx;
    queued: (() => void) | null;
  }
  const gateConnections = new WeakMap<PoolClient, GateConnection>();
  const gateConnectionOf = (client: PoolClient): GateConnection => {
    let found = gateConnections.get(client);
    if (!found) {
      const connection: GateConnection = { tx: undefined as Tx, queued: null };
      connection.tx = txOver({
        query: ((...args: Parameters<Query>) => {
          const sent = (client.query as (...a: Parameters<Query>) => Promise<unknown>)(...args);
          connection.queued?.();
          return sent;
        }) as Query,
      });
      gateConnections.set(client, connection);
      found = connection;
    }
    return found;
  };

  return async (gate, work) => {
    const client = await pool.connect();
    // One write for the flight: without it each message is a write of its own, and the database may answer
    // BEGIN before the rest has arrived.
    const socket = (client as unknown as { connection?: { stream?: import('node:net').Socket } }).connection?.stream;
    socket?.cork();
    let corked = true;
    const uncork = () => {
      if (!corked) return;
      corked = false;
      socket?.uncork();
    };
    // Written as soon as the work's first query is queued; a work that sends none is written on the next turn.
    setImmediate(uncork);

    const begun = client.query('begin read only');
    const connection = gateConnectionOf(client);
    let gateQueued!: () => void;
    const gateIsQueued = new Promise<void>((resolve) => {
      gateQueued = resolve;
    });
    connection.queued = gateQueued;
    const answer = gate.query(connection.tx);
    connection.queued = null;
    // A gate that failed before queuing anything must not leave the work waiting forever.
    answer.finally(gateQueued).catch(() => {});
    const admitted = Promise.all([begun, answer]).then(([, gateAnswer]) => gate.admit(gateAnswer));
    admitted.catch(() => {});
    const held: Pick<PoolClient, 'query'> = {
      query: ((...args: Parameters<Query>) => {
        // Never ahead of the gate's statement on the wire, whatever order the callers' promises settle in.
        const sent = gateIsQueued.then(() => {
          const query = (client.query as (...a: Parameters<Query>) => Promise<unknown>)(...args);
          uncork();
          return query;
        });
        sent.catch(() => {});
        return admitted.then(() => sent);
      }) as Query,
    };

    const finish = (statement: 'commit' | 'rollback') => {
      client.query(statement).catch(() => socket?.destroy());
      client.release();
    };
    try {
      const result = await work(txOver(held));
      await admitted;
      finish('commit');
      return result;
    } catch (error) {
      const refusal = await admitted.then(
        () => null,
        (e: unknown) => e,
      );
      finish('rollback');
      throw refusal ?? error;
    }
  };
}
