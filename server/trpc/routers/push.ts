import { pushPublicKeyOutput } from '../../../shared/schemas/push';
import { pushPublicKey } from '../../push/subscriptions';
import { publicProcedure, router } from '../init';

/** Web Push (decision 0429): the key a browser subscribes with. The subscriptions are the account's. */
export const pushRouter = router({
  publicKey: publicProcedure.output(pushPublicKeyOutput).query(({ ctx }) => pushPublicKey(ctx.deps)),
});
