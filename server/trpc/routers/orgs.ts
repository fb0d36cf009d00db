import { router } from '../init';

export const orgsRouter = router({});
