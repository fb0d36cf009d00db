import {
  courseIdInput,
  courseOutput,
  searchOfficialInput,
  searchOfficialOutput,
} from '../../../shared/schemas/courses';
import { requireCourse } from '../../courses/courses';
import { searchOfficial } from '../../courses/search';
import { router, userProcedure } from '../init';

export const coursesRouter = router({
  searchOfficial: userProcedure
    .input(searchOfficialInput)
    .output(searchOfficialOutput)
    .query(({ ctx, input }) => searchOfficial(ctx.deps, ctx.actor, input)),
  get: userProcedure
    .input(courseIdInput)
    .output(courseOutput)
    .query(({ ctx, input }) => requireCourse(ctx.deps, ctx.actor, input)),
});
