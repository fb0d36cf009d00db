import {
  courseOutput,
  coursesOutput,
  internationalSearchInput,
  personalCourseCreateInput,
  personalCourseIdInput,
  personalCourseUpdateInput,
} from '../../../shared/schemas/courses';
import { okOutput } from '../../../shared/schemas/common';
import {
  createPersonalCourse,
  deletePersonalCourse,
  requirePersonalCourse,
  myPersonalCourses,
  updatePersonalCourse,
} from '../../courses/personal';
import { internationalSearch } from '../../courses/search';
import { router, userProcedure } from '../init';

export const personalCoursesRouter = router({
  mine: userProcedure.output(coursesOutput).query(({ ctx }) => myPersonalCourses(ctx.deps, ctx.actor)),
  create: userProcedure
    .input(personalCourseCreateInput)
    .output(courseOutput)
    .mutation(({ ctx, input }) => createPersonalCourse(ctx.deps, ctx.actor, input)),
  internationalSearch: userProcedure
    .input(internationalSearchInput)
    .output(coursesOutput)
    .query(({ ctx, input }) => internationalSearch(ctx.deps, ctx.actor, input)),
  get: userProcedure
    .input(personalCourseIdInput)
    .output(courseOutput)
    .query(({ ctx, input }) => requirePersonalCourse(ctx.deps, ctx.actor, input)),
  update: userProcedure
    .input(personalCourseUpdateInput)
    .output(courseOutput)
    .mutation(({ ctx, input }) => updatePersonalCourse(ctx.deps, ctx.actor, input)),
  delete: userProcedure
    .input(personalCourseIdInput)
    .output(okOutput)
    .mutation(({ ctx, input }) => deletePersonalCourse(ctx.deps, ctx.actor, input)),
});
