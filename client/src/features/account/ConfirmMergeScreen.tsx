import { useTRPCClient } from '../../trpc';
import { ConfirmScreen } from './ConfirmScreen';

export default function ConfirmMergeScreen() {
  const client = useTRPCClient();
  return (
    <ConfirmScreen
      title="Slå sammen kontoer"
      explain={
        <p>
          Runder, klubbmedlemskap, baner og e-postadresser fra den andre kontoen flyttes til kontoen du er innlogget med
          nå. Den andre kontoen slettes. Dette kan ikke angres.
        </p>
      }
      action="Slå sammen kontoene"
      run={(token) => client.account.confirmMerge.mutate({ token })}
      done={(result) => (
        <p>
          Ferdig. {result.moved.rounds} runder, {result.moved.memberships} klubbmedlemskap og {result.moved.courses}{' '}
          baner ble flyttet hit.
        </p>
      )}
    />
  );
}
