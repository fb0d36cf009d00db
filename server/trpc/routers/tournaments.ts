import {
  enterInput,
  entriesOutput,
  entryViewOutput,
  groupsOutput,
  myTournamentsOutput,
  setGroupsInput,
  setStatusInput,
  tournamentIdInput,
  tournamentInput,
  tournamentsOutput,
  tournamentUpdateInput,
  tournamentDetailOutput,
  withdrawInput,
} from '../../../shared/schemas/tournaments';
import { okOutput, organizationIdInput } from '../../../shared/schemas/common';
import { enter, listEntries, withdraw } from '../../tournaments/entries';
import { setGroups } from '../../tournaments/groups';
import { myTournaments } from '../../tournaments/mine';
import {
  createTournament,
  requireTournament,
  listTournaments,
  setTournamentStatus,
  updateTournament,
} from '../../tournaments/tournaments';
import { orgAdminProcedure, orgMemberProcedure, router, userProcedure } from '../init';

/** Tournaments: records, states, entries and start lists (docs/contract.md section 9). */
export const tournamentsRouter = router({
  create: orgAdminProcedure
    .input(tournamentInput)
    .output(tournamentDetailOutput)
    .mutation(({ ctx, input: { organizationId: _, ...fields } }) => createTournament(ctx.deps, ctx.scope, fields)),

  // The caller's own entries across their clubs: next starts, partners and results (decision 0421).
  mine: userProcedure.output(myTournamentsOutput).query(({ ctx }) => myTournaments(ctx.deps, ctx.actor)),

  list: orgMemberProcedure
    .input(organizationIdInput)
    .output(tournamentsOutput)
    .query(({ ctx }) => listTournaments(ctx.deps, ctx.scope)),

  get: orgMemberProcedure
    .input(tournamentIdInput)
    .output(tournamentDetailOutput)
    .query(({ ctx, input }) => requireTournament(ctx.deps, ctx.scope, input)),

  update: orgAdminProcedure
    .input(tournamentUpdateInput)
    .output(tournamentDetailOutput)
    .mutation(({ ctx, input: { organizationId: _, ...changes } }) => updateTournament(ctx.deps, ctx.scope, changes)),

  setStatus: orgAdminProcedure
    .input(setStatusInput)
    .output(tournamentDetailOutput)
    .mutation(({ ctx, input }) => setTournamentStatus(ctx.deps, ctx.scope, input)),

  entries: orgMemberProcedure
    .input(tournamentIdInput)
    .output(entriesOutput)
    .query(({ ctx, input }) => listEntries(ctx.deps, ctx.scope, input)),

  // Members enter themselves; entering someone else is checked in the domain function.
  enter: orgMemberProcedure
    .input(enterInput)
    .output(entryViewOutput)
    .mutation(({ ctx, input }) => enter(ctx.deps, ctx.scope, input)),

  // The entrant or an organizer: checked in the domain function.
  withdraw: orgMemberProcedure
    .input(withdrawInput)
    .output(okOutput)
    .mutation(({ ctx, input }) => withdraw(ctx.deps, ctx.scope, input)),

  setGroups: orgAdminProcedure
    .input(setGroupsInput)
    .output(groupsOutput)
    .mutation(({ ctx, input }) => setGroups(ctx.deps, ctx.scope, input)),
});
