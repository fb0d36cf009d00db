import { router } from '../init';

export const participantsRouter = router({});
