import { useLanguage } from '../../i18n';
import { useDeferredValue, useState } from 'react';
import { describeApiError } from '../../lib/api-error';
import { formatHandicapIndex } from '../../lib/handicap';
import { useSession } from '../../session/useSession';
import { trpc } from '../../trpc';
import { Alert, Button, Card, EmptyState, Page, Pager, TextField } from '../../ui';
import { WhenLoaded } from '../../ui/WhenLoaded';

const PAGE_SIZE = 20;

/** Super administrators only (the server answers 403 NOT_SUPER_ADMIN to anyone else). */
export default function OperatorScreen() {
  const session = useSession();
  const { t } = useLanguage();
  if (session.status === 'full' && !session.user.isSuperAdmin) {
    return (
      <Page title={t('operator.title')}>
        <Alert tone="error">
          <p>{t('operator.needsSuperAdmin')}</p>
        </Alert>
      </Page>
    );
  }
  return (
    <Page title={t('operator.title')} wide>
      <div className="grid-cols">
        <Users />
        <Organizations />
      </div>
    </Page>
  );
}

function Users() {
  const { t, language } = useLanguage();
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  const query = useDeferredValue(q.trim());
  const users = trpc.admin.users.useQuery(
    { q: query || undefined, page, limit: PAGE_SIZE },
    { placeholderData: (p) => p },
  );
  const signOut = trpc.admin.signOutUser.useMutation();
  return (
    <Card title={t('operator.users')}>
      <TextField
        label={t('operator.search')}
        type="search"
        value={q}
        onChange={(e) => {
          setQ(e.target.value);
          setPage(1);
        }}
      />
      {signOut.isSuccess ? (
        <Alert tone="success">
          <p>{t('operator.signedOut')}</p>
        </Alert>
      ) : null}
      {signOut.error ? (
        <Alert tone="error">
          <p>{describeApiError(signOut.error)?.message}</p>
        </Alert>
      ) : null}
      <WhenLoaded
        query={users}
        isEmpty={(data) => data.users.length === 0}
        empty={<EmptyState title={t('operator.noUsers')} />}
      >
        {(data) => (
          <ul className="list">
            {data.users.map((u) => (
              <li key={u.id} className="row between">
                <div>
                  <strong>{u.name ?? u.email}</strong>
                  <div className="small muted">
                    {t('operator.userLine', {
                      email: u.email,
                      handicap: formatHandicapIndex(u.handicapIndex, language),
                      method: u.twoFactorMethod ?? t('operator.off'),
                    })}
                    {u.isSuperAdmin ? ' · superadmin' : ''}
                  </div>
                </div>
                <Button
                  size="small"
                  variant="secondary"
                  busy={signOut.isPending && signOut.variables?.userId === u.id}
                  onClick={() => signOut.mutate({ userId: u.id })}
                >
                  {t('operator.signOutEverywhere')}
                </Button>
              </li>
            ))}
          </ul>
        )}
      </WhenLoaded>
      <Pager page={page} total={users.data?.total} pageSize={PAGE_SIZE} onPage={setPage} />
    </Card>
  );
}

function Organizations() {
  const { t } = useLanguage();
  const [page, setPage] = useState(1);
  const orgs = trpc.admin.organizations.useQuery({ page, limit: PAGE_SIZE }, { placeholderData: (p) => p });
  return (
    <Card title={t('operator.clubs')}>
      <WhenLoaded
        query={orgs}
        isEmpty={(data) => data.organizations.length === 0}
        empty={<EmptyState title={t('operator.noClubs')} />}
      >
        {(data) => (
          <ul className="list">
            {data.organizations.map((o) => (
              <li key={o.id} className="row between">
                <span>{o.name}</span>
                <span className="badge gray">{t('operator.members', { count: o.memberCount })}</span>
              </li>
            ))}
          </ul>
        )}
      </WhenLoaded>
      <Pager page={page} total={orgs.data?.total} pageSize={PAGE_SIZE} onPage={setPage} />
    </Card>
  );
}
