import {
  enterInput,
  entriesOutput,
  entryViewOutput,
  groupsOutput,
  myTournamentsOutput,
  publishStartListOutput,
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
import { promoteEntry } from '../../tournaments/waiting-list';
import { setGroups } from '../../tournaments/groups';
import { publishStartList } from '../../tournaments/start-notices';
import { myTournaments } from '../../tournaments/mine';
import {
  createTournament,
  requireTournament,
  listTournaments,
  setTournamentStatus,
  updateTournament,
} from '../../tournaments/tournaments';
import { byActor, byScope } from '../calls';
import { orgAdminProcedure, orgMemberProcedure, router, userProcedure } from '../init';

/** Tournaments: records, states, entries and start lists (docs/contract.md section 9). */
export const tournamentsRouter = router({
  create: orgAdminProcedure
    .input(tournamentInput)
    .output(tournamentDetailOutput)
    .mutation(({ ctx, input: { organizationId: _, ...fields } }) => createTournament(ctx.deps, ctx.scope, fields)),

  // The caller's own entries across their clubs: next starts, partners and results (decision 0421).
  mine: userProcedure.output(myTournamentsOutput).query(byActor(myTournaments)),

  list: orgMemberProcedure.input(organizationIdInput).output(tournamentsOutput).query(byScope(listTournaments)),

  get: orgMemberProcedure.input(tournamentIdInput).output(tournamentDetailOutput).query(byScope(requireTournament)),

  update: orgAdminProcedure
    .input(tournamentUpdateInput)
    .output(tournamentDetailOutput)
    .mutation(({ ctx, input: { organizationId: _, ...changes } }) => updateTournament(ctx.deps, ctx.scope, changes)),

  setStatus: orgAdminProcedure
    .input(setStatusInput)
    .output(tournamentDetailOutput)
    .mutation(byScope(setTournamentStatus)),

  entries: orgMemberProcedure.input(tournamentIdInput).output(entriesOutput).query(byScope(listEntries)),

  // Members enter themselves; entering someone else is checked in the domain function.
  enter: orgMemberProcedure.input(enterInput).output(entryViewOutput).mutation(byScope(enter)),

  // The entrant or an organizer: checked in the domain function.
  withdraw: orgMemberProcedure.input(withdrawInput).output(okOutput).mutation(byScope(withdraw)),
  promoteEntry: orgAdminProcedure.input(withdrawInput).output(okOutput).mutation(byScope(promoteEntry)),

  setGroups: orgAdminProcedure.input(setGroupsInput).output(groupsOutput).mutation(byScope(setGroups)),

  // Mails every player their start once; a later change of the start list tells only those it moves.
  publishStartList: orgAdminProcedure
    .input(tournamentIdInput)
    .output(publishStartListOutput)
    .mutation(byScope(publishStartList)),
});
