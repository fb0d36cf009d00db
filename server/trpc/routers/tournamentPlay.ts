import { router } from '../init';

/** Tournament play: scores, card signatures and the results file (CONTRACT.md section 9). */
export const tournamentPlayRouter = router({});
