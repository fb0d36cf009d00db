import {
  leaderboardViewOutput,
  publicCardInput,
  publicCardViewOutput,
  publicLeaderboardInput,
  publicTournamentInput,
  publicTournamentPageOutput,
  publicTournamentsInput,
  publicTournamentsOutput,
  pdfFileOutput,
} from '../../../shared/schemas/tournaments';
import { icsOutput, tournamentCalendarInput } from '../../../shared/schemas/calendar';
import { tournamentCalendar } from '../../calendar/tournament-calendar';
import { publicCard, publicLeaderboard, publicTournamentPage, publicTournaments } from '../../tournaments/public';
import { publicResultsPdf } from '../../tournaments/paper/results';
import { byViewer, byVisitor } from '../calls';
import { optionalUserProcedure, publicProcedure, router } from '../init';
import { parsedOncePerObject } from '../outputs';

/**
 * public.tournament's output, parsed once per version of the page: also what the page's HTML is rendered
 * from (server/http/landing-page.ts), so the HTML can hold nothing the API would not answer.
 */
export const publicPageOutput = parsedOncePerObject(publicTournamentPageOutput);

/**
 * The public landing endpoints (docs/contract.md section 9): anyone, and a signed-in user also sees their own
 * organizations' members-only tournaments. A draft, an unknown slug and someone else's members-only
 * tournament are the same 404.
 */
export const publicTournamentsRouter = router({
  tournaments: optionalUserProcedure
    .input(publicTournamentsInput)
    .output(publicTournamentsOutput)
    .query(byViewer(publicTournaments)),
  tournament: optionalUserProcedure
    .input(publicTournamentInput)
    // The most read answer, from the page cache: parsed once per version of the page, not per request.
    .output(publicPageOutput)
    .query(byViewer(publicTournamentPage)),
  leaderboard: optionalUserProcedure
    .input(publicLeaderboardInput)
    .output(parsedOncePerObject(leaderboardViewOutput))
    .query(byViewer(publicLeaderboard)),
  /** One player's hole-by-hole card (decision 0506): what a leaderboard row opens on the public page. */
  card: optionalUserProcedure.input(publicCardInput).output(publicCardViewOutput).query(byViewer(publicCard)),
  /** The final results on paper, once finished (decision 0431): the page's own leaderboard as a PDF. */
  resultsPdf: optionalUserProcedure
    .input(publicTournamentInput)
    .output(pdfFileOutput)
    .query(byViewer(publicResultsPdf)),

  /** The rounds as an iCalendar file (decision 0430): public tournaments only, whoever asks (no session). */
  calendar: publicProcedure.input(tournamentCalendarInput).output(icsOutput).query(byVisitor(tournamentCalendar)),
});
