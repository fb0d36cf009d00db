import { useMutation, useQuery } from '@tanstack/react-query';
import { useDeferredValue, useState } from 'react';
import { describeApiError } from '../../lib/api-error';
import { formatHandicapIndex } from '../../lib/handicap';
import { useSession } from '../../session/useSession';
import { useTRPC } from '../../trpc';
import { Alert, Button, Card, EmptyState, Loading, Page, Pager, TextField } from '../../ui';

const PAGE_SIZE = 20;

/** Super administrators only (the server answers 403 NOT_SUPER_ADMIN to anyone else). */
export default function OperatorScreen() {
  const session = useSession();
  if (session.status === 'full' && !session.user.isSuperAdmin) {
    return (
      <Page title="Drift">
        <Alert tone="error">
          <p>Dette krever superadministrator.</p>
        </Alert>
      </Page>
    );
  }
  return (
    <Page title="Drift" wide>
      <div className="grid-cols">
        <Users />
        <Organizations />
      </div>
    </Page>
  );
}

function Users() {
  const trpc = useTRPC();
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  const query = useDeferredValue(q.trim());
  const users = useQuery(
    trpc.admin.users.queryOptions({ q: query || undefined, page, limit: PAGE_SIZE }, { placeholderData: (p) => p }),
  );
  const signOut = useMutation(trpc.admin.signOutUser.mutationOptions());
  return (
    <Card title="Brukere">
      <TextField
        label="Søk etter navn eller e-post"
        type="search"
        value={q}
        onChange={(e) => {
          setQ(e.target.value);
          setPage(1);
        }}
      />
      {signOut.isSuccess ? (
        <Alert tone="success">
          <p>Brukeren er logget ut på alle enheter.</p>
        </Alert>
      ) : null}
      {signOut.error ? (
        <Alert tone="error">
          <p>{describeApiError(signOut.error)?.message}</p>
        </Alert>
      ) : null}
      {users.isPending ? (
        <Loading />
      ) : users.error ? (
        <Alert tone="error">
          <p>{describeApiError(users.error)?.message}</p>
        </Alert>
      ) : users.data.users.length === 0 ? (
        <EmptyState title="Ingen brukere funnet" />
      ) : (
        <ul className="list">
          {users.data.users.map((u) => (
            <li key={u.id} className="row between">
              <div>
                <strong>{u.name ?? u.email}</strong>
                <div className="small muted">
                  {u.email} · hcp {formatHandicapIndex(u.handicapIndex)} · 2FA {u.twoFactorMethod ?? 'av'}
                  {u.isSuperAdmin ? ' · superadmin' : ''}
                </div>
              </div>
              <Button
                size="small"
                variant="secondary"
                busy={signOut.isPending && signOut.variables?.userId === u.id}
                onClick={() => signOut.mutate({ userId: u.id })}
              >
                Logg ut overalt
              </Button>
            </li>
          ))}
        </ul>
      )}
      <Pager page={page} total={users.data?.total} pageSize={PAGE_SIZE} onPage={setPage} />
    </Card>
  );
}

function Organizations() {
  const trpc = useTRPC();
  const [page, setPage] = useState(1);
  const orgs = useQuery(
    trpc.admin.organizations.queryOptions({ page, limit: PAGE_SIZE }, { placeholderData: (p) => p }),
  );
  return (
    <Card title="Klubber">
      {orgs.isPending ? (
        <Loading />
      ) : orgs.error ? (
        <Alert tone="error">
          <p>{describeApiError(orgs.error)?.message}</p>
        </Alert>
      ) : orgs.data.organizations.length === 0 ? (
        <EmptyState title="Ingen klubber ennå" />
      ) : (
        <ul className="list">
          {orgs.data.organizations.map((o) => (
            <li key={o.id} className="row between">
              <span>{o.name}</span>
              <span className="badge gray">{o.memberCount} medlemmer</span>
            </li>
          ))}
        </ul>
      )}
      <Pager page={page} total={orgs.data?.total} pageSize={PAGE_SIZE} onPage={setPage} />
    </Card>
  );
}
