import { useQuery } from '@tanstack/react-query';
import { Link } from 'wouter';
import { describeApiError } from '../../lib/api-error';
import { ROUTES } from '../../routes';
import { useTRPC } from '../../trpc';
import { Alert, Card, EmptyState, Loading, Page } from '../../ui';
import { RoundList } from './RoundList';

export default function RoundsScreen() {
  const trpc = useTRPC();
  const rounds = useQuery(trpc.rounds.mine.queryOptions({ limit: 100 }));
  return (
    <Page
      title="Runder"
      actions={
        <Link href={ROUTES.newRound} className="btn small">
          Ny runde
        </Link>
      }
    >
      <Card>
        {rounds.isPending ? (
          <Loading text="Henter rundene dine …" />
        ) : rounds.error ? (
          <Alert tone="error">
            <p>{describeApiError(rounds.error)?.message}</p>
          </Alert>
        ) : rounds.data.rounds.length === 0 ? (
          <EmptyState
            title="Ingen runder ennå"
            action={
              <Link href={ROUTES.newRound} className="btn">
                Start en runde
              </Link>
            }
          >
            <p>Velg bane, legg til medspillere og før slagene hull for hull.</p>
          </EmptyState>
        ) : (
          <RoundList rounds={rounds.data.rounds} />
        )}
      </Card>
    </Page>
  );
}
