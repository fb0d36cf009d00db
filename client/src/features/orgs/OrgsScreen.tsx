import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link, useLocation } from 'wouter';
import { describeApiError, fieldError } from '../../lib/api-error';
import { ROUTES } from '../../routes';
import { useTRPC } from '../../trpc';
import { Alert, Button, Card, EmptyState, FormError, Loading, Page, TextField } from '../../ui';
import { ROLE_NAME } from './roles';

export default function OrgsScreen() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  const mine = useQuery(trpc.orgs.mine.queryOptions());
  const [name, setName] = useState('');
  const create = useMutation(
    trpc.orgs.create.mutationOptions({
      onSuccess: (org) => {
        void queryClient.invalidateQueries({ queryKey: trpc.orgs.mine.queryKey() });
        navigate(ROUTES.org(org.id));
      },
    }),
  );
  const error = describeApiError(create.error);

  function submit(e: FormEvent) {
    e.preventDefault();
    create.mutate({ name });
  }

  return (
    <Page title="Klubber">
      <Card title="Mine klubber">
        {mine.isPending ? (
          <Loading text="Henter klubbene dine …" />
        ) : mine.error ? (
          <Alert tone="error">
            <p>{describeApiError(mine.error)?.message}</p>
          </Alert>
        ) : mine.data.organizations.length === 0 ? (
          <EmptyState title="Du er ikke med i noen klubb ennå">
            <p>Lag en klubb under, eller be en administrator om å invitere deg.</p>
          </EmptyState>
        ) : (
          <ul className="list">
            {mine.data.organizations.map((org) => (
              <li key={org.id}>
                <Link href={ROUTES.org(org.id)} className="item">
                  <span>{org.name}</span>
                  <span className="badge">{ROLE_NAME[org.role]}</span>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </Card>
      <Card title="Lag en ny klubb">
        <form onSubmit={submit} noValidate>
          <TextField
            label="Navn på klubben"
            name="name"
            value={name}
            onChange={(e) => setName(e.target.value)}
            error={fieldError(error, 'name')}
          />
          <p className="small muted">
            Du blir eier. Eiere og administratorer må bruke tofaktorautentisering fra neste innlogging.
          </p>
          <FormError error={error} fields={['name']} />
          <Button type="submit" busy={create.isPending}>
            Lag klubb
          </Button>
        </form>
      </Card>
    </Page>
  );
}
