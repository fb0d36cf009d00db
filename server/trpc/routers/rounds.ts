import {
  addParticipantInput,
  addSideInput,
  onUpdateInput,
  participantViewOutput,
  roundCreateInput,
  roundIdInput,
  roundsMineInput,
  roundsMineOutput,
  roundViewOutput,
  setScoreInput,
  sideViewOutput,
} from '../../../shared/schemas/rounds';
import { feedItemSchema } from '../../../shared/schemas/feed';
import { okOutput } from '../../../shared/schemas/common';
import { attestationOutput, attestInput } from '../../../shared/schemas/handicap';
import { attestScore, withdrawAttestation } from '../../rounds/attest';
import { AppError } from '../../errors';
import { shareRound, unshareRound } from '../../feed/rounds';
import { roundFor } from '../../rounds/access';
import { whileAllowed } from '../../realtime/guard';
import { roundUpdates } from '../../rounds/events';
import {
  addParticipant,
  addSide,
  createRound,
  finishRound,
  requireRound,
  myRounds,
  setScore,
} from '../../rounds/rounds';
import { byActor } from '../calls';
import { router, userProcedure, webSocketUserProcedure } from '../init';

/**
 * Live updates for the round's owner and participants only. The WebSocket access level: the session comes
 * from the handshake's cookie (optional user); no user is 401, anyone else is told the round does not
 * exist (404), before anything is streamed.
 */
const roundWatcherProcedure = webSocketUserProcedure.input(onUpdateInput).use(async ({ ctx, input, next }) => {
  if (!ctx.session) throw new AppError('NOT_AUTHENTICATED');
  await roundFor(ctx.deps.db, input.roundId, ctx.session.user.id);
  return next({ ctx: { user: ctx.session.user } });
});

export const roundsRouter = router({
  create: userProcedure.input(roundCreateInput).output(roundViewOutput).mutation(byActor(createRound)),
  mine: userProcedure
    .input(roundsMineInput)
    .output(roundsMineOutput)
    .query(({ ctx, input }) => myRounds(ctx.deps, ctx.actor, { limit: input?.limit })),
  get: userProcedure.input(roundIdInput).output(roundViewOutput).query(byActor(requireRound)),
  addSide: userProcedure.input(addSideInput).output(sideViewOutput).mutation(byActor(addSide)),
  addParticipant: userProcedure
    .input(addParticipantInput)
    .output(participantViewOutput)
    .mutation(({ ctx, input }) =>
      addParticipant(ctx.deps, ctx.actor, {
        roundId: input.roundId,
        sideId: input.sideId,
        participantUserId: input.userId,
        guest: input.guest,
      }),
    ),
  setScore: userProcedure.input(setScoreInput).output(roundViewOutput).mutation(byActor(setScore)),
  finish: userProcedure.input(roundIdInput).output(roundViewOutput).mutation(byActor(finishRound)),
  // A co-player attests a finished card into the player's handicap record (decision 0419).
  attest: userProcedure.input(attestInput).output(attestationOutput).mutation(byActor(attestScore)),
  withdrawAttestation: userProcedure.input(attestInput).output(okOutput).mutation(byActor(withdrawAttestation)),
  // The public feed (decision 0602): the owner shares a finished round, with its highlights, and takes it back.
  share: userProcedure.input(roundIdInput).output(feedItemSchema).mutation(byActor(shareRound)),
  unshare: userProcedure.input(roundIdInput).output(okOutput).mutation(byActor(unshareRound)),
  // The watcher's access is checked again for as long as the subscription lives, not only at its start.
  onUpdate: roundWatcherProcedure.subscription(({ ctx, input, signal }) =>
    whileAllowed(
      ctx.deps,
      {
        userId: ctx.user.id,
        check: async () => void (await roundFor(ctx.deps.db, input.roundId, ctx.user.id)),
        signal,
      },
      (stop) =>
        roundUpdates(ctx.deps, {
          roundId: input.roundId,
          lastEventId: input.lastEventId,
          signal: stop,
          socket: ctx.socket,
        }),
    ),
  ),
});
