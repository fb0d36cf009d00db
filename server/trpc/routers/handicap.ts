import { handicapRecordOutput, setPlaysWithInput } from '../../../shared/schemas/handicap';
import { handicapRecordOf, setPlaysWith } from '../../handicap/record';
import { byActor } from '../calls';
import { router, userProcedure } from '../init';

/** The player's handicap record (docs/golf.md, "The handicap record"): their own, and nobody else's. */
export const handicapRouter = router({
  record: userProcedure.output(handicapRecordOutput).query(byActor(handicapRecordOf)),
  setPlaysWith: userProcedure.input(setPlaysWithInput).output(handicapRecordOutput).mutation(byActor(setPlaysWith)),
});
