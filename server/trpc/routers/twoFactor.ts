import { router } from '../init';

export const twoFactorRouter = router({});
