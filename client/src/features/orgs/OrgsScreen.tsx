import { useState, type FormEvent } from 'react';
import { useLocation } from 'wouter';
import { describeApiError, fieldError } from '../../lib/api-error';
import { ROUTES } from '../../routes';
import { trpc } from '../../trpc';
import { Button, Card, EmptyState, FormError, Page, TextField } from '../../ui';
import { WhenLoaded } from '../../ui/WhenLoaded';
import { useLanguage } from '../../i18n';
import { ClubList } from './ClubList';

export default function OrgsScreen() {
  const utils = trpc.useUtils();
  const { t } = useLanguage();
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
        <WhenLoaded
          query={mine}
          loading={t('orgs.loadingClubs')}
          isEmpty={(data) => data.organizations.length === 0}
          empty={
            <EmptyState title={t('orgs.noClubs')}>
              <p>{t('orgs.noClubsHint')}</p>
            </EmptyState>
          }
        >
          {(data) => <ClubList organizations={data.organizations} />}
        </WhenLoaded>
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
