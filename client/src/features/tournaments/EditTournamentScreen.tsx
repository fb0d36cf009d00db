import { Link, useLocation, useParams } from 'wouter';
import { useLanguage } from '../../i18n';
import { ROUTES } from '../../routes';
import { trpc } from '../../trpc';
import { ErrorPage, Loading, Page } from '../../ui';
import { formOf, toUpdateChanges } from './tournament-form';
import { TournamentFormView } from './TournamentForm';
import { courseChoice } from '../courses/course-choice';
import { STATUSES_BEFORE_PLAY } from '../../../../shared/tournament-rules';

/** Editing a tournament (owner/admin): the same form; once play has started only the details change. */
export default function EditTournamentScreen() {
  const { id = '', tid = '' } = useParams<{ id: string; tid: string }>();
  const utils = trpc.useUtils();
  const { t: tr, language } = useLanguage();
  const [, navigate] = useLocation();
  const ids = { organizationId: id, tournamentId: tid };
  const t = trpc.tournaments.get.useQuery(ids);
  const update = trpc.tournaments.update.useMutation({
    onSuccess: (view) => {
      utils.tournaments.get.setData(ids, view);
      void utils.tournaments.list.invalidate({ organizationId: id });
      void utils.tournaments.entries.invalidate(ids);
      navigate(ROUTES.tournament(id, tid));
    },
  });
  const error = t.error;
  if (error) {
    return (
      <ErrorPage title={tr('tournaments.edit.editTitle')} error={error}>
        <Link href={ROUTES.tournaments(id)}>{tr('tournaments.edit.toTournaments')}</Link>
      </ErrorPage>
    );
  }
  if (!t.data) return <Loading text={tr('tournaments.edit.loading')} />;
  const started = !STATUSES_BEFORE_PLAY.includes(t.data.status);
  return (
    <Page title={tr('tournaments.edit.editTitleOf', { name: t.data.name })}>
      <p className="muted">
        <Link href={ROUTES.tournament(id, tid)}>{tr('tournaments.edit.backToTournament')}</Link>
      </p>
      <TournamentFormView
        initial={formOf(t.data, courseChoice(t.data.course), language)}
        locked={started}
        submitLabel={tr('tournaments.edit.saveChanges')}
        busy={update.isPending}
        error={update.error}
        onSubmit={(fields) => update.mutate({ ...ids, ...toUpdateChanges(fields, started) })}
      />
    </Page>
  );
}
