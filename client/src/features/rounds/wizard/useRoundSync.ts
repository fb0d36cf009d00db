import { useState, type Dispatch } from 'react';
import { describeApiError, type ApiErrorView } from '../../../lib/api-error';
import { trpc } from '../../../trpc';
import { nextCall, wizardReducer, type WizardAction, type WizardCall, type WizardState } from '../wizard-state';

export interface SyncProgress {
  running: boolean;
  /** The call that failed and its error, to show next to what it was about. */
  failed: { call: WizardCall; error: ApiErrorView } | null;
}

/**
 * Sends the draft to the server: the round, then its sides, then its participants (docs/contract.md section 8),
 * one call at a time, recording each answer in the draft before the next, so an interruption resumes.
 */
export function useRoundSync(dispatch: Dispatch<WizardAction>) {
  const { client } = trpc.useUtils();
  const [progress, setProgress] = useState<SyncProgress>({ running: false, failed: null });

  async function run(start: WizardState): Promise<boolean> {
    setProgress({ running: true, failed: null });
    let state = start;
    // The loop needs the state after each answer before React has rendered it.
    const apply = (action: WizardAction) => {
      dispatch(action);
      state = wizardReducer(state, action);
    };
    for (let call = nextCall(state); call; call = nextCall(state)) {
      try {
        if (call.kind === 'round') {
          const round = await client.rounds.create.mutate(call.input);
          apply({ type: 'roundCreated', roundId: round.id });
        } else if (call.kind === 'side') {
          const side = await client.rounds.addSide.mutate(call.input);
          apply({ type: 'sideCreated', key: call.key, serverId: side.id });
        } else {
          const participant = await client.rounds.addParticipant.mutate(call.input);
          apply({ type: 'personAdded', key: call.key, serverId: participant.id });
        }
      } catch (error) {
        setProgress({ running: false, failed: { call, error: describeApiError(error)! } });
        return false;
      }
    }
    setProgress({ running: false, failed: null });
    return true;
  }

  return { progress, run };
}
