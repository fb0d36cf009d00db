import type { Database, Transaction } from './client';

/**
 * Defers `work` until the transaction it belongs to has committed; never runs it if the transaction rolls
 * back. News for the live layer (bus events, closed sockets, re-checked access) must not announce a change
 * that could still be undone, nor arrive before others can read it.
 */
export type AfterCommit = (work: () => void) => void;

/** How a transaction is opened: `db.transaction`, or the tenancy transaction (`withTenant`). */
export type OpenTransaction = <T>(work: (tx: Transaction) => Promise<T>) => Promise<T>;

/**
 * Runs `work` in a transaction opened by `open` (the plain one by default), then, once it has committed,
 * everything `work` deferred with `afterCommit`, in the order it was deferred, once. A transaction that
 * throws runs none of it. The one queue of deferred work: the tenancy transaction of the organization
 * procedures, the feed's and the account deletion's all use it.
 */
export async function withAfterCommit<T>(
  open: Database | OpenTransaction,
  work: (tx: Transaction, afterCommit: AfterCommit) => Promise<T>,
): Promise<T> {
  const deferred: (() => void)[] = [];
  const afterCommit: AfterCommit = (later) => void deferred.push(later);
  const run = (tx: Transaction) => work(tx, afterCommit);
  const result = 'transaction' in open ? await open.transaction(run) : await open(run);
  for (const later of deferred) later();
  return result;
}

/** A transaction with its after-commit queue: what a write that announces its change is handed. */
export interface Committing {
  tx: Transaction;
  afterCommit: AfterCommit;
}
