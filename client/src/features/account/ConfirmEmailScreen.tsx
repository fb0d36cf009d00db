import { useTRPCClient } from '../../trpc';
import { ConfirmScreen } from './ConfirmScreen';

export default function ConfirmEmailScreen() {
  const client = useTRPCClient();
  return (
    <ConfirmScreen
      title="Bekreft e-postadresse"
      explain={<p>Trykk på knappen for å legge adressen til på kontoen din.</p>}
      action="Legg til adressen"
      run={(token) => client.account.confirmEmail.mutate({ token })}
      done={() => <p>Adressen er lagt til på kontoen din.</p>}
    />
  );
}
