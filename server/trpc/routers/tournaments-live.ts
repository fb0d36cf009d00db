import { onLeaderboardInput } from '../../../shared/schemas/tournaments';
import { liveLeaderboard } from '../../tournaments/live';
import { requireVisibleTournament } from '../../tournaments/public';
import { router, webSocketUserProcedure } from '../init';

/**
 * The WebSocket access level, anonymous allowed: whoever may read the tournament's public page may follow
 * its leaderboard. Anyone else is told it does not exist (404), before anything is streamed.
 */
const leaderboardWatcherProcedure = webSocketUserProcedure
  .input(onLeaderboardInput)
  .use(async ({ ctx, input, next }) => {
    const userId = ctx.session?.user.id ?? null;
    const found = await requireVisibleTournament(ctx.deps, { ref: { slug: input.slug }, userId });
    return next({ ctx: { watcher: { userId, tournamentId: found.row.id, organizationId: found.row.organizationId } } });
  });

export const tournamentLiveRouter = router({
  onLeaderboard: leaderboardWatcherProcedure.subscription(({ ctx, input, signal }) =>
    liveLeaderboard(ctx.deps, { ...ctx.watcher, lastEventId: input.lastEventId, signal, socket: ctx.socket }),
  ),
});
