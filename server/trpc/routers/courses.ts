import { router } from '../init';

export const coursesRouter = router({});
