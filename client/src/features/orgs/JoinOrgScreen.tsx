import { Link, useSearch } from 'wouter';
import { describeApiError } from '../../lib/api-error';
import { ROUTES } from '../../routes';
import { trpc } from '../../trpc';
import { Alert, Button, Card, Loading, Page } from '../../ui';
import { formatDay } from '../../../../shared/format/dates';
import { ROLE_LABELS } from '../../../../shared/values';
import { useLanguage } from '../../i18n';

/**
 * The invitation link's landing page: reads the invitation first (orgs.invitation, only for the invited
 * address), names the club, who invited and the role, and offers to join on one click; a user who already
 * is a member (signing in with the invited address joins by itself) is told so and led to the club.
 */
export default function JoinOrgScreen() {
  const token = new URLSearchParams(useSearch()).get('token');
  const { t } = useLanguage();
  return (
    <Page title={t('orgs.join.title')}>
      <Card>
        {token ? (
          <Invitation token={token} />
        ) : (
          <Alert tone="error">
            <p>{t('orgs.join.incompleteLink')}</p>
          </Alert>
        )}
      </Card>
    </Page>
  );
}

function Invitation({ token }: { token: string }) {
  const utils = trpc.useUtils();
  const { t, language } = useLanguage();
  // Every read counts against a limit: read once, not again on focus or after a retry.
  const invitation = trpc.orgs.invitation.useQuery(
    { token },
    { retry: false, staleTime: Number.POSITIVE_INFINITY, refetchOnWindowFocus: false },
  );
  const accept = trpc.orgs.acceptInvitation.useMutation({
    onSuccess: () => void utils.orgs.mine.invalidate(),
  });

  if (invitation.isPending) return <Loading text={t('orgs.join.loading')} />;
  if (invitation.error) {
    return (
      <>
        <Alert tone="error" focus>
          <p>{describeApiError(invitation.error)?.message}</p>
        </Alert>
        <Link href={ROUTES.home}>{t('orgs.join.toHome')}</Link>
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
            {t(joined ? 'orgs.join.joined' : 'orgs.join.alreadyMember', {
              club: organization.name,
              role: ROLE_LABELS[language][myRole].toLowerCase(),
            })}
          </p>
        </Alert>
        <Link href={ROUTES.org(organization.id)} className="btn block">
          {t('orgs.join.goTo', { club: organization.name })}
        </Link>
      </>
    );
  }
  const error = describeApiError(accept.error);
  return (
    <>
      <h2>{organization.name}</h2>
      <p>
        {invitedBy ? t('orgs.join.invitedBy', { name: invitedBy }) : t('orgs.join.invited')}{' '}
        <strong>{ROLE_LABELS[language][role].toLowerCase()}</strong>{' '}
        {t('orgs.join.inClub', { club: organization.name })}
      </p>
      <p className="small muted">
        {t('orgs.join.validUntil')} <time dateTime={expiresAt}>{formatDay(new Date(expiresAt), language)}</time>.
      </p>
      {error ? (
        <Alert tone="error" focus>
          <p>{error.message}</p>
        </Alert>
      ) : null}
      <Button block busy={accept.isPending} onClick={() => accept.mutate({ token })}>
        {t('orgs.join.accept', { club: organization.name })}
      </Button>
    </>
  );
}
