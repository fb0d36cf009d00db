import { handicapRecordOutput, setPlaysWithInput } from '../../../shared/schemas/handicap';
import { handicapRecordOf, setPlaysWith } from '../../handicap/record';
import { router, userProcedure } from '../init';

/** The player's handicap record (docs/golf.md, "The handicap record"): their own, and nobody else's. */
export const handicapRouter = router({
  record: userProcedure.output(handicapRecordOutput).query(({ ctx }) => handicapRecordOf(ctx.deps, ctx.actor)),
  setPlaysWith: userProcedure
    .input(setPlaysWithInput)
    .output(handicapRecordOutput)
    .mutation(({ ctx, input }) => setPlaysWith(ctx.deps, ctx.actor, input)),
});
