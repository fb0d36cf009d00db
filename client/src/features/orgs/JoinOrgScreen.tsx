import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link, useSearch } from 'wouter';
import { describeApiError } from '../../lib/api-error';
import { ROUTES } from '../../routes';
import { useTRPC } from '../../trpc';
import { Alert, Button, Card, Page } from '../../ui';
import { ROLE_NAME } from './roles';

/** The invitation link's landing page: joins the organization on one click, as the signed-in account. */
export default function JoinOrgScreen() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const token = new URLSearchParams(useSearch()).get('token');
  const accept = useMutation(
    trpc.orgs.acceptInvitation.mutationOptions({ onSuccess: () => void queryClient.invalidateQueries() }),
  );
  const error = describeApiError(accept.error);
  return (
    <Page title="Bli med i klubb">
      <Card>
        {accept.isSuccess ? (
          <>
            <Alert tone="success" focus>
              <p>
                Du er med i {accept.data.organization.name} som {ROLE_NAME[accept.data.organization.role].toLowerCase()}
                .
              </p>
            </Alert>
            <Link href={ROUTES.org(accept.data.organization.id)}>Gå til klubben</Link>
          </>
        ) : !token ? (
          <Alert tone="error">
            <p>Lenken er ufullstendig. Kopier hele lenken fra invitasjonen.</p>
          </Alert>
        ) : (
          <>
            <p>Du er invitert til en klubb i Golfkortet. Trykk for å bli med.</p>
            {error ? (
              <Alert tone="error" focus>
                <p>{error.message}</p>
              </Alert>
            ) : null}
            <Button block busy={accept.isPending} onClick={() => accept.mutate({ token })}>
              Bli med
            </Button>
          </>
        )}
      </Card>
    </Page>
  );
}
