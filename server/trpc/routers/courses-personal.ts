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
import { byActor } from '../calls';
import { router, userProcedure } from '../init';

export const personalCoursesRouter = router({
  mine: userProcedure.output(coursesOutput).query(byActor(myPersonalCourses)),
  create: userProcedure.input(personalCourseCreateInput).output(courseOutput).mutation(byActor(createPersonalCourse)),
  internationalSearch: userProcedure
    .input(internationalSearchInput)
    .output(coursesOutput)
    .query(byActor(internationalSearch)),
  get: userProcedure.input(personalCourseIdInput).output(courseOutput).query(byActor(requirePersonalCourse)),
  update: userProcedure.input(personalCourseUpdateInput).output(courseOutput).mutation(byActor(updatePersonalCourse)),
  delete: userProcedure.input(personalCourseIdInput).output(okOutput).mutation(byActor(deletePersonalCourse)),
});
