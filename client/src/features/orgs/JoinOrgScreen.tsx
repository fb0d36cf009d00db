import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useSearch } from 'wouter';
import { describeApiError } from '../../lib/api-error';
import { ROUTES } from '../../routes';
import { useTRPC } from '../../trpc';
import { Alert, Button, Card, Loading, Page } from '../../ui';
import { ROLE_NAME } from './roles';

const dateFormat = new Intl.DateTimeFormat('nb-NO', { dateStyle: 'long' });

/**
 * The invitation link's landing page: reads the invitation first (orgs.invitation, only for the invited
 * address), names the club, who invited and the role, and offers to join on one click; a user who already
 * is a member (signing in with the invited address joins by itself) is told so and led to the club.
 */
export default function JoinOrgScreen() {
  const token = new URLSearchParams(useSearch()).get('token');
  return (
    <Page title="Bli med i klubb">
      <Card>
        {token ? (
          <Invitation token={token} />
        ) : (
          <Alert tone="error">
            <p>Lenken er ufullstendig. Kopier hele lenken fra invitasjonen.</p>
          </Alert>
        )}
      </Card>
    </Page>
  );
}

function Invitation({ token }: { token: string }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  // Every read counts against a limit: read once, not again on focus or after a retry.
  const invitation = useQuery(
    trpc.orgs.invitation.queryOptions(
      { token },
      { retry: false, staleTime: Number.POSITIVE_INFINITY, refetchOnWindowFocus: false },
    ),
  );
  const accept = useMutation(
    trpc.orgs.acceptInvitation.mutationOptions({
      onSuccess: () => void queryClient.invalidateQueries({ queryKey: trpc.orgs.mine.queryKey() }),
    }),
  );

  if (invitation.isPending) return <Loading text="Henter invitasjonen …" />;
  if (invitation.error) {
    return (
      <>
        <Alert tone="error" focus>
          <p>{describeApiError(invitation.error)?.message}</p>
        </Alert>
        <Link href={ROUTES.home}>Til forsiden</Link>
      </>
    );
  }
  const { organization, role, invitedBy, expiresAt, membership } = invitation.data;
  const joined = accept.data?.organization;
  if (joined || membership) {
    const myRole = joined?.role ?? membership!.role;
    return (
      <>
        <Alert tone="success" focus={Boolean(joined)}>
          <p>
            {joined ? 'Du er med i' : 'Du er allerede med i'} {organization.name} som {ROLE_NAME[myRole].toLowerCase()}.
          </p>
        </Alert>
        <Link href={ROUTES.org(organization.id)} className="btn block">
          Gå til {organization.name}
        </Link>
      </>
    );
  }
  const error = describeApiError(accept.error);
  return (
    <>
      <h2>{organization.name}</h2>
      <p>
        {invitedBy ? `${invitedBy} har invitert deg` : 'Du er invitert'} til å bli{' '}
        <strong>{ROLE_NAME[role].toLowerCase()}</strong> i {organization.name}.
      </p>
      <p className="small muted">
        Invitasjonen gjelder til <time dateTime={expiresAt}>{dateFormat.format(new Date(expiresAt))}</time>.
      </p>
      {error ? (
        <Alert tone="error" focus>
          <p>{error.message}</p>
        </Alert>
      ) : null}
      <Button block busy={accept.isPending} onClick={() => accept.mutate({ token })}>
        Bli med i {organization.name}
      </Button>
    </>
  );
}
