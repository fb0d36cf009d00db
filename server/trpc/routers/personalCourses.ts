import { router } from '../init';

export const personalCoursesRouter = router({});
