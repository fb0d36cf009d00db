import { okOutput } from '../../../shared/schemas/common';
import {
  cardViewOutput,
  cardsInput,
  signCardInput,
  tournamentIdInput,
  resultsCsvOutput,
  pdfFileOutput,
  tournamentCardsViewOutput,
  tournamentScoreInput,
} from '../../../shared/schemas/tournaments';
import { listCards } from '../../tournaments/card-list';
import { signCard } from '../../tournaments/cards';
import { tournamentScorecardsPdf } from '../../tournaments/paper/scorecards';
import { tournamentStartListPdf } from '../../tournaments/paper/start-list';
import { tournamentResultsCsv } from '../../tournaments/results-csv';
import { setTournamentScore } from '../../tournaments/scores';
import { byScope } from '../calls';
import { orgAdminProcedure, orgMemberProcedure, router } from '../init';

/**
 * Tournament play: scores, card signatures and the results file (docs/contract.md section 9, decision 0411), and
 * the paper of the club day (section 13, decision 0431).
 */
export const tournamentPlayRouter = router({
  setScore: orgMemberProcedure.input(tournamentScoreInput).output(okOutput).mutation(byScope(setTournamentScore)),
  signCard: orgMemberProcedure.input(signCardInput).output(cardViewOutput).mutation(byScope(signCard)),
  // The round's cards the caller keeps: own and group's; every card for owners and admins (decision 0505).
  cards: orgMemberProcedure.input(cardsInput).output(tournamentCardsViewOutput).query(byScope(listCards)),
  resultsCsv: orgAdminProcedure.input(tournamentIdInput).output(resultsCsvOutput).query(byScope(tournamentResultsCsv)),
  // The club day's paper (decision 0431): the start list for every member, the cards for those who run the day.
  startListPdf: orgMemberProcedure
    .input(tournamentIdInput)
    .output(pdfFileOutput)
    .query(byScope(tournamentStartListPdf)),
  scorecardsPdf: orgAdminProcedure.input(cardsInput).output(pdfFileOutput).query(byScope(tournamentScorecardsPdf)),
});
