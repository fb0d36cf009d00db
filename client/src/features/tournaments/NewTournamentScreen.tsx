import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useLocation, useParams } from 'wouter';
import { describeApiError } from '../../lib/api-error';
import { ROUTES } from '../../routes';
import { useTRPC } from '../../trpc';
import { Alert, Loading, Page } from '../../ui';
import { isAdminRole } from '../orgs/roles';
import { newTournamentForm } from './tournament-form';
import { localToday } from './tournament';
import { TournamentFormView } from './TournamentForm';

/** A new tournament (owner/admin): saved as a draft, then opened from its own screen. */
export default function NewTournamentScreen() {
  const { id = '' } = useParams<{ id: string }>();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  const org = useQuery(trpc.orgs.get.queryOptions({ organizationId: id }));
  const [initial] = useState(() => newTournamentForm(localToday(new Date())));
  const create = useMutation(
    trpc.tournaments.create.mutationOptions({
      onSuccess: (t) => {
        void queryClient.invalidateQueries({ queryKey: trpc.tournaments.list.queryKey({ organizationId: id }) });
        queryClient.setQueryData(trpc.tournaments.get.queryKey({ organizationId: id, tournamentId: t.id }), t);
        navigate(ROUTES.tournament(id, t.id));
      },
    }),
  );
  if (org.error) {
    return (
      <Page title="Ny turnering">
        <Alert tone="error">
          <p>{describeApiError(org.error)?.message}</p>
        </Alert>
      </Page>
    );
  }
  if (!org.data) return <Loading />;
  if (!isAdminRole(org.data.role)) {
    return (
      <Page title="Ny turnering">
        <Alert tone="info">
          <p>Bare klubbens eiere og administratorer kan sette opp turneringer.</p>
        </Alert>
        <Link href={ROUTES.tournaments(id)}>Til turneringene</Link>
      </Page>
    );
  }
  return (
    <Page title="Ny turnering">
      <p className="muted">
        {org.data.name} · <Link href={ROUTES.tournaments(id)}>Til turneringene</Link>
      </p>
      <p className="small muted">Turneringen lagres som utkast. Ingen andre ser den før du åpner den for påmelding.</p>
      <TournamentFormView
        initial={initial}
        submitLabel="Lagre utkastet"
        busy={create.isPending}
        error={create.error}
        onSubmit={(fields) => create.mutate({ organizationId: id, ...fields })}
      />
    </Page>
  );
}
