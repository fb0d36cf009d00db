import { z } from 'zod';
import {
  cardsInput,
  signCardInput,
  tournamentIdInput,
  tournamentScoreInput,
} from '../../../shared/schemas/tournaments';
import { listCards } from '../../tournaments/card-list';
import { signCard } from '../../tournaments/cards';
import { tournamentResultsCsv } from '../../tournaments/results-csv';
import { setTournamentScore } from '../../tournaments/scores';
import { orgAdminProcedure, orgMemberProcedure, router } from '../init';

const okOutput = z.object({ ok: z.literal(true) });
const cardOutput = z.object({
  entryId: z.string(),
  round: z.number(),
  signedByPlayer: z.boolean(),
  signedByMarker: z.boolean(),
  locked: z.boolean(),
});
const csvOutput = z.object({ csv: z.string(), filename: z.string() });

/** Tournament play: scores, card signatures and the results file (CONTRACT.md section 9, decision 0411). */
export const tournamentPlayRouter = router({
  setScore: orgMemberProcedure
    .input(tournamentScoreInput)
    .output(okOutput)
    .mutation(({ ctx, input }) => setTournamentScore(ctx.deps, ctx.scope, input)),
  signCard: orgMemberProcedure
    .input(signCardInput)
    .output(cardOutput)
    .mutation(({ ctx, input }) => signCard(ctx.deps, ctx.scope, input)),
  // The round's cards the caller keeps: own and group's; every card for owners and admins (decision 0505).
  cards: orgMemberProcedure.input(cardsInput).query(({ ctx, input }) => listCards(ctx.deps, ctx.scope, input)),
  resultsCsv: orgAdminProcedure
    .input(tournamentIdInput)
    .output(csvOutput)
    .query(({ ctx, input }) => tournamentResultsCsv(ctx.deps, ctx.scope, input)),
});
