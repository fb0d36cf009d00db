import { router } from '../init';

export const roundsRouter = router({});
