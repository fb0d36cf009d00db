import { useState } from 'react';
import { Link, useLocation, useParams } from 'wouter';
import { useLanguage } from '../../i18n';
import { ROUTES } from '../../routes';
import { trpc } from '../../trpc';
import { Alert, ErrorPage, Loading, Page } from '../../ui';
import { isAdminRole } from '../orgs/roles';
import { newTournamentForm } from './tournament-form';
import { localToday } from './tournament';
import { TournamentFormView } from './TournamentForm';

/** A new tournament (owner/admin): saved as a draft, then opened from its own screen. */
export default function NewTournamentScreen() {
  const { id = '' } = useParams<{ id: string }>();
  const utils = trpc.useUtils();
  const { t } = useLanguage();
  const [, navigate] = useLocation();
  const org = trpc.orgs.get.useQuery({ organizationId: id });
  const [initial] = useState(() => newTournamentForm(localToday(new Date()), t));
  const create = trpc.tournaments.create.useMutation({
    onSuccess: (view) => {
      void utils.tournaments.list.invalidate({ organizationId: id });
      utils.tournaments.get.setData({ organizationId: id, tournamentId: view.id }, view);
      navigate(ROUTES.tournament(id, view.id));
    },
  });
  if (org.error) {
    return <ErrorPage title={t('tournaments.edit.newTitle')} error={org.error} />;
  }
  if (!org.data) return <Loading />;
  if (!isAdminRole(org.data.role)) {
    return (
      <Page title={t('tournaments.edit.newTitle')}>
        <Alert tone="info">
          <p>{t('tournaments.edit.onlyAdmins')}</p>
        </Alert>
        <Link href={ROUTES.tournaments(id)}>{t('tournaments.edit.toTournaments')}</Link>
      </Page>
    );
  }
  return (
    <Page title={t('tournaments.edit.newTitle')}>
      <p className="muted">
        {org.data.name} · <Link href={ROUTES.tournaments(id)}>{t('tournaments.edit.toTournaments')}</Link>
      </p>
      <p className="small muted">{t('tournaments.edit.savedAsDraft')}</p>
      <TournamentFormView
        initial={initial}
        submitLabel={t('tournaments.edit.saveDraft')}
        busy={create.isPending}
        error={create.error}
        onSubmit={(fields) => create.mutate({ organizationId: id, ...fields })}
      />
    </Page>
  );
}
