import type { z } from 'zod';

/**
 * An output schema for an answer the domain hands out from its cache (the same object to every reader until
 * the next change: server/tournaments/cache.ts). Each such object is parsed once and the parsed answer
 * remembered for it, so the protection costs one parse per version of the page instead of one per request,
 * and the REST adapter's bytes, kept per answer object (`encodedJsonOf`), stay shared. A cached answer is
 * never changed after it is made (its bytes are shared already), so its parsed form cannot go stale.
 * It is the same schema to anyone reading it (the OpenAPI document, the router test): only `parse` differs.
 */
export function parsedOncePerObject<S extends z.ZodType>(schema: S): S {
  const parsed = new WeakMap<object, z.output<S>>();
  const parse = (value: unknown): z.output<S> => {
    if (typeof value !== 'object' || value === null) return schema.parse(value);
    let answer = parsed.get(value);
    if (answer === undefined) {
      answer = schema.parse(value);
      parsed.set(value, answer);
    }
    return answer;
  };
  return Object.assign(Object.create(schema) as S, { parse, parseAsync: async (value: unknown) => parse(value) });
}
