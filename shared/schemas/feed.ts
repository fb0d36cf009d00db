import { z } from 'zod';
import { id } from './common';
import { feedItemKindSchema, feedTotalUnitSchema, highlightKindSchema } from './values';

/** docs/contract.md section 10, decision 0602: a page of the feed is 1..100 items, 20 unless asked. */
export const FEED_DEFAULT_LIMIT = 20;
export const FEED_MAX_LIMIT = 100;

export const feedListInput = z
  .strictObject({
    before: id.optional(),
    // Coerced: the REST path carries it in the query string.
    limit: z.coerce
      .number({ message: 'errors.fields.limitWhole' })
      .int({ message: 'errors.fields.limitWhole' })
      .min(1, { message: 'errors.fields.limitAtLeastOne' })
      .max(FEED_MAX_LIMIT, { message: 'errors.fields.limitAtMost' })
      .default(FEED_DEFAULT_LIMIT),
  })
  // GET /feed without a query string: no input at all.
  .optional();
export const feedItemIdInput = z.strictObject({ itemId: id });
/** `lastEventId` is sent back by the tRPC client when it reconnects: the subscription resumes after it. */
export const feedOnItemInput = z.strictObject({ lastEventId: z.string().max(40).nullish() }).optional();

/**
 * The answer's shape, also the output schema of every procedure that returns items: an object schema
 * strips any field it does not name, so nothing but these fields can leave the server.
 */
const total = z.number();
export const feedItemSchema = z.object({
  id: z.string(),
  kind: feedItemKindSchema,
  at: z.string(),
  organization: z.object({ name: z.string() }).optional(),
  tournament: z.object({ slug: z.string(), name: z.string() }).optional(),
  round: z.object({ id: z.string(), courseName: z.string(), playedOn: z.string() }).optional(),
  player: z.object({ name: z.string() }).optional(),
  players: z.array(z.object({ name: z.string(), total })).optional(),
  podium: z
    .array(
      z.object({ division: z.string(), places: z.array(z.object({ position: z.string(), name: z.string(), total })) }),
    )
    .optional(),
  highlight: z
    .object({ hole: z.number(), par: z.number(), strokes: z.number(), label: highlightKindSchema })
    .optional(),
  /** What the totals (`podium`, `players`) count: gross strokes, or Stableford points (decision 0025). */
  unit: feedTotalUnitSchema.optional(),
  /** The item's sentence in the request's language, Norwegian by default, worded from the fields above. */
  text: z.string(),
});
export type FeedItem = z.infer<typeof feedItemSchema>;

export const feedListOutput = z.object({ items: z.array(feedItemSchema), nextBefore: z.string().optional() });
export type FeedList = z.infer<typeof feedListOutput>;

/**
 * What feed.onItem sends: an item as posted, or word that an item has left the feed. Parsed where each event
 * is read, once for all its listeners (decision 0012).
 */
export const feedEventOutput = z.union([feedItemSchema, z.object({ kind: z.literal('hidden'), id: z.string() })]);
export type FeedEvent = z.infer<typeof feedEventOutput>;
