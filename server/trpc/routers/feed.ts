import { feedListInput, feedListOutput, feedOnItemInput } from '../../../shared/schemas/feed';
import { feedStartingPoint, feedUpdates } from '../../feed/events';
import { listFeed } from '../../feed/items';
import { optionalUserProcedure, router, webSocketUserProcedure } from '../init';

/**
 * The public feed (docs/contract.md section 10): the same for everyone, signed in or not. The live subscription
 * allows anonymous sockets; its starting point is read before the subscription is answered as started.
 */
const feedListenerProcedure = webSocketUserProcedure
  .input(feedOnItemInput)
  .use(async ({ ctx, input, next }) => next({ ctx: { after: await feedStartingPoint(ctx.deps, input) } }));

export const feedRouter = router({
  list: optionalUserProcedure
    .input(feedListInput)
    .output(feedListOutput)
    .query(({ ctx, input }) => listFeed(ctx.deps, { language: ctx.meta.language }, input)),
  onItem: feedListenerProcedure.subscription(({ ctx, signal }) =>
    feedUpdates(ctx.deps, { after: ctx.after, signal, socket: ctx.socket }),
  ),
});
