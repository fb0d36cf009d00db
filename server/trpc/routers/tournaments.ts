import {
  enterInput,
  entriesOutput,
  entryViewOutput,
  groupsOutput,
  setGroupsInput,
  setStatusInput,
  tournamentIdInput,
  tournamentInput,
  tournamentsOutput,
  tournamentUpdateInput,
  tournamentViewOutput,
  withdrawInput,
} from '../../../shared/schemas/tournaments';
import { okOutput, organizationIdInput } from '../../../shared/schemas/common';
import { enter, listEntries, withdraw } from '../../tournaments/entries';
import { setGroups } from '../../tournaments/groups';
import {
  createTournament,
  getTournament,
  listTournaments,
  setTournamentStatus,
  updateTournament,
} from '../../tournaments/tournaments';
import { orgAdminProcedure, orgMemberProcedure, router } from '../init';
import { scopeOf } from './orgs';

/** Tournaments: records, states, entries and start lists (CONTRACT.md section 9). */
export const tournamentsRouter = router({
  create: orgAdminProcedure
    .input(tournamentInput)
    .output(tournamentViewOutput)
    .mutation(({ ctx, input: { organizationId: _, ...fields } }) => createTournament(ctx.deps, scopeOf(ctx), fields)),

  list: orgMemberProcedure
    .input(organizationIdInput)
    .output(tournamentsOutput)
    .query(({ ctx }) => listTournaments(scopeOf(ctx))),

  get: orgMemberProcedure
    .input(tournamentIdInput)
    .output(tournamentViewOutput)
    .query(({ ctx, input }) => getTournament(scopeOf(ctx), input)),

  update: orgAdminProcedure
    .input(tournamentUpdateInput)
    .output(tournamentViewOutput)
    .mutation(({ ctx, input: { organizationId: _, ...changes } }) => updateTournament(ctx.deps, scopeOf(ctx), changes)),

  setStatus: orgAdminProcedure
    .input(setStatusInput)
    .output(tournamentViewOutput)
    .mutation(({ ctx, input }) => setTournamentStatus(ctx.deps, scopeOf(ctx), input)),

  entries: orgMemberProcedure
    .input(tournamentIdInput)
    .output(entriesOutput)
    .query(({ ctx, input }) => listEntries(scopeOf(ctx), input)),

  // Members enter themselves; entering someone else is checked in the domain function.
  enter: orgMemberProcedure
    .input(enterInput)
    .output(entryViewOutput)
    .mutation(({ ctx, input }) => enter(ctx.deps, scopeOf(ctx), input)),

  // The entrant or an organizer: checked in the domain function.
  withdraw: orgMemberProcedure
    .input(withdrawInput)
    .output(okOutput)
    .mutation(({ ctx, input }) => withdraw(ctx.deps, scopeOf(ctx), input)),

  setGroups: orgAdminProcedure
    .input(setGroupsInput)
    .output(groupsOutput)
    .mutation(({ ctx, input }) => setGroups(ctx.deps, scopeOf(ctx), input)),
});
