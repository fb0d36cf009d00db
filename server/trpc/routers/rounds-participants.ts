import { participantSearchInput, participantSearchOutput } from '../../../shared/schemas/rounds';
import { searchParticipants } from '../../rounds/participant-search';
import { byActor } from '../calls';
import { router, userProcedure } from '../init';

export const participantsRouter = router({
  search: userProcedure
    .input(participantSearchInput)
    .output(participantSearchOutput)
    .query(byActor(searchParticipants)),
});
