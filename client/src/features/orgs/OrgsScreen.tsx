import { useState, type FormEvent } from 'react';
import { Link, useLocation } from 'wouter';
import { describeApiError, fieldError } from '../../lib/api-error';
import { ROUTES } from '../../routes';
import { trpc } from '../../trpc';
import { Alert, Button, Card, EmptyState, FormError, Loading, Page, TextField } from '../../ui';
import { ROLE_LABELS } from '../../../../shared/values';
import { useLanguage } from '../../i18n';

export default function OrgsScreen() {
  const utils = trpc.useUtils();
  const { t, language } = useLanguage();
  const [, navigate] = useLocation();
  const mine = trpc.orgs.mine.useQuery();
  const [name, setName] = useState('');
  const create = trpc.orgs.create.useMutation({
    onSuccess: (org) => {
      void utils.orgs.mine.invalidate();
      navigate(ROUTES.org(org.id));
    },
  });
  const error = describeApiError(create.error);

  function submit(e: FormEvent) {
    e.preventDefault();
    create.mutate({ name });
  }

  return (
    <Page title={t('orgs.title')}>
      <Card title={t('orgs.myClubs')}>
        {mine.isPending ? (
          <Loading text={t('orgs.loadingClubs')} />
        ) : mine.error ? (
          <Alert tone="error">
            <p>{describeApiError(mine.error)?.message}</p>
          </Alert>
        ) : mine.data.organizations.length === 0 ? (
          <EmptyState title={t('orgs.noClubs')}>
            <p>{t('orgs.noClubsHint')}</p>
          </EmptyState>
        ) : (
          <ul className="list">
            {mine.data.organizations.map((org) => (
              <li key={org.id}>
                <Link href={ROUTES.org(org.id)} className="item">
                  <span>{org.name}</span>
                  <span className="badge">{ROLE_LABELS[language][org.role]}</span>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </Card>
      <Card title={t('orgs.newClub')}>
        <form onSubmit={submit} noValidate>
          <TextField
            label={t('orgs.clubName')}
            name="name"
            value={name}
            onChange={(e) => setName(e.target.value)}
            error={fieldError(error, 'name')}
          />
          <p className="small muted">{t('orgs.newClubHint')}</p>
          <FormError error={error} fields={['name']} />
          <Button type="submit" busy={create.isPending}>
            {t('orgs.create')}
          </Button>
        </form>
      </Card>
    </Page>
  );
}
