import { router } from '../init';

/** Tournaments: records, states, entries and start lists (CONTRACT.md section 9). */
export const tournamentsRouter = router({});
