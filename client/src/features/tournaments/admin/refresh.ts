import type { TournamentView } from '../../../../../shared/schemas/tournaments';
import { trpc } from '../../../trpc';

/** The queries a change to a tournament makes stale. */
export function useRefresh(t: TournamentView) {
  const utils = trpc.useUtils();
  const ids = { organizationId: t.organizationId, tournamentId: t.id };
  return () => {
    void utils.tournaments.get.invalidate(ids);
    void utils.tournaments.entries.invalidate(ids);
    void utils.tournaments.list.invalidate({ organizationId: t.organizationId });
  };
}
