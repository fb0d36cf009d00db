/**
 * Promise.all for statements sent together on one transaction (pipelined, decision 0702), except that it
 * answers only once every one of them has settled. With Promise.all the first failure returns at once while
 * the others, and whatever chain of queries they start next, still run on the connection: the caller would
 * roll back and hand the connection to the next request with them still on it. The failure thrown is the
 * first in the order the statements were sent, so the order of checks decides which error a caller gets.
 */
export async function sentTogether<T extends readonly unknown[]>(
  statements: [...T],
): Promise<{ -readonly [K in keyof T]: Awaited<T[K]> }> {
  const settled = await Promise.allSettled(statements);
  for (const result of settled) if (result.status === 'rejected') throw result.reason;
  return settled.map((result) => (result as PromiseFulfilledResult<unknown>).value) as {
    -readonly [K in keyof T]: Awaited<T[K]>;
  };
}
