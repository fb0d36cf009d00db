import {
  courseIdInput,
  courseOutput,
  searchOfficialInput,
  searchOfficialOutput,
} from '../../../shared/schemas/courses';
import { getCourse } from '../../courses/courses';
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
    .query(({ ctx, input }) => getCourse(ctx.deps, ctx.actor, input)),
});
