import {
  courseIdInput,
  courseOutput,
  searchOfficialInput,
  searchOfficialOutput,
} from '../../../shared/schemas/courses';
import { requireCourse } from '../../courses/courses';
import { searchOfficial } from '../../courses/search';
import { byActor } from '../calls';
import { router, userProcedure } from '../init';

export const coursesRouter = router({
  searchOfficial: userProcedure.input(searchOfficialInput).output(searchOfficialOutput).query(byActor(searchOfficial)),
  get: userProcedure.input(courseIdInput).output(courseOutput).query(byActor(requireCourse)),
});
