import { router } from '../init';

/** The public landing endpoints and the live leaderboard (CONTRACT.md section 9). */
export const publicRouter = router({});
