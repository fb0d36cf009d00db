import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { router, userProcedure } from '../../server/trpc/init';
import { appRouter } from '../../server/trpc/router';

/**
 * Decision 0012: every procedure's answer passes an output schema, so a field nobody named (a new column,
 * a row spread into a hand-built answer) is dropped before it reaches a client. The only procedures
 * without one are on this list, each with its reason.
 */
const WITHOUT_OUTPUT_SCHEMA: Record<string, string> = {
  // A subscription's resolver returns an async iterable: tRPC would hand the output parser the iterable,
  // never the events. Their events are the same views the queries answer, parsed where each event is built,
  // once for all listeners (tests/trpc/subscription-payloads.test.ts).
  'rounds.onUpdate': 'subscription: events parsed at their source (server/rounds/events.ts)',
  'tournaments.onLeaderboard': 'subscription: events parsed at their source (server/tournaments/live.ts)',
  'chat.onMessage': 'subscription: events parsed at their source (server/chat/events.ts)',
  'feed.onItem': 'subscription: events parsed at their source (server/feed/events.ts)',
};

interface ProcedureDef {
  type: 'query' | 'mutation' | 'subscription';
  output?: unknown;
}

/** Every procedure of a router by its dotted path, as tRPC v11 keeps them (`_def.procedures`, flattened). */
function proceduresOf(r: { _def: { procedures: object } }): [string, ProcedureDef][] {
  return Object.entries(r._def.procedures as Record<string, { _def: ProcedureDef }>).map(([path, p]) => [path, p._def]);
}

/** The procedures that answer without an output schema and are not on the list. */
function missingOutputSchemas(r: { _def: { procedures: object } }): string[] {
  return proceduresOf(r)
    .filter(([path, def]) => !(def.output instanceof z.ZodType) && !(path in WITHOUT_OUTPUT_SCHEMA))
    .map(([path, def]) => `${def.type} ${path}`);
}

describe('output schemas on the AppRouter', () => {
  it('every query, mutation and subscription has a zod output schema, or is on the short list with its reason', () => {
    const all = proceduresOf(appRouter);
    expect(all.length).toBeGreaterThan(70);
    expect(missingOutputSchemas(appRouter)).toEqual([]);
  });

  it('the list names only procedures that exist and still lack a schema (no stale entries)', () => {
    const byPath = new Map(proceduresOf(appRouter));
    for (const path of Object.keys(WITHOUT_OUTPUT_SCHEMA)) {
      const def = byPath.get(path);
      expect(def, `${path} exists`).toBeDefined();
      expect(def!.output, `${path} has gained a schema: take it off the list`).toBeUndefined();
    }
  });

  it('fails for a router with one procedure left without a schema', () => {
    // The same AppRouter with one procedure put back as it was before decision 0012 (no .output()).
    const withOneMissing = router({
      ...appRouter._def.record,
      extra: router({ me: userProcedure.query(({ ctx }) => ({ user: ctx.user })) }),
    });
    expect(missingOutputSchemas(withOneMissing)).toEqual(['query extra.me']);
  });
});
