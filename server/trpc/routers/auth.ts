import { toPublicUser } from '../../auth/users';
import { router, userProcedure } from '../init';

export const authRouter = router({
  me: userProcedure.query(({ ctx }) => ({ user: toPublicUser(ctx.user) })),
});
