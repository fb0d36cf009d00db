import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useLocation, useParams } from 'wouter';
import { describeApiError } from '../../lib/api-error';
import { ROUTES } from '../../routes';
import { useTRPC } from '../../trpc';
import { Alert, Loading, Page } from '../../ui';
import { formOf, toUpdateChanges } from './tournament-form';
import { TournamentFormView, useCourseChoice } from './TournamentForm';
import { STATUSES_BEFORE_PLAY } from '../../../../shared/tournament-rules';

/** Editing a tournament (owner/admin): the same form; once play has started only the details change. */
export default function EditTournamentScreen() {
  const { id = '', tid = '' } = useParams<{ id: string; tid: string }>();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  const ids = { organizationId: id, tournamentId: tid };
  const t = useQuery(trpc.tournaments.get.queryOptions(ids));
  const course = useCourseChoice(t.data?.rounds[0]?.courseId);
  const update = useMutation(
    trpc.tournaments.update.mutationOptions({
      onSuccess: (view) => {
        queryClient.setQueryData(trpc.tournaments.get.queryKey(ids), view);
        void queryClient.invalidateQueries({ queryKey: trpc.tournaments.list.queryKey({ organizationId: id }) });
        void queryClient.invalidateQueries({ queryKey: trpc.tournaments.entries.queryKey(ids) });
        navigate(ROUTES.tournament(id, tid));
      },
    }),
  );
  const error = t.error ?? course.error;
  if (error) {
    return (
      <Page title="Endre turnering">
        <Alert tone="error">
          <p>{describeApiError(error)?.message}</p>
        </Alert>
        <Link href={ROUTES.tournaments(id)}>Til turneringene</Link>
      </Page>
    );
  }
  if (!t.data || !course.choice) return <Loading text="Henter turneringen …" />;
  const started = !STATUSES_BEFORE_PLAY.includes(t.data.status);
  return (
    <Page title={`Endre ${t.data.name}`}>
      <p className="muted">
        <Link href={ROUTES.tournament(id, tid)}>Tilbake til turneringen</Link>
      </p>
      <TournamentFormView
        initial={formOf(t.data, course.choice)}
        locked={started}
        submitLabel="Lagre endringene"
        busy={update.isPending}
        error={update.error}
        onSubmit={(fields) => update.mutate({ ...ids, ...toUpdateChanges(fields, started) })}
      />
    </Page>
  );
}
