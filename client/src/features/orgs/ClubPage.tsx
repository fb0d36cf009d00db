import type { inferRouterOutputs } from '@trpc/server';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import type { AppRouter } from '../../../../server/trpc/router';
import { describeApiError } from '../../lib/api-error';
import { ROUTES } from '../../routes';
import { trpc } from '../../trpc';
import { Alert, Loading, Page } from '../../ui';

export type Club = inferRouterOutputs<AppRouter>['orgs']['get'];

/**
 * A page of one club (its overview, its chat): the club loads first; a refusal (no such club, not a member)
 * is a page of its own with the way back to the clubs, so the page itself only ever sees a club.
 */
export function ClubPage({
  organizationId,
  loading,
  title,
  backLabel,
  children,
}: {
  organizationId: string;
  loading: string;
  /** The refusal's page title, where the club's name is not known. */
  title: string;
  backLabel: string;
  children(club: Club): ReactNode;
}) {
  const club = trpc.orgs.get.useQuery({ organizationId });
  if (club.isPending) return <Loading text={loading} />;
  if (club.error) {
    return (
      <Page title={title}>
        <Alert tone="error">
          <p>{describeApiError(club.error)?.message}</p>
        </Alert>
        <Link href={ROUTES.orgs}>{backLabel}</Link>
      </Page>
    );
  }
  return <>{children(club.data)}</>;
}
