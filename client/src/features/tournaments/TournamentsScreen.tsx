import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'wouter';
import { describeApiError } from '../../lib/api-error';
import { ROUTES } from '../../routes';
import { useTRPC } from '../../trpc';
import { Alert, Card, EmptyState, Loading, Page } from '../../ui';
import { isAdminRole } from '../orgs/roles';
import { formatDate } from '../rounds/format';
import { FORMAT_NAME, STATUS_BADGE, STATUS_NAME } from './tournament';

/** The club's tournaments (issue 15): every member sees them, newest first; owners and admins create one. */
export default function TournamentsScreen() {
  const { id = '' } = useParams<{ id: string }>();
  const trpc = useTRPC();
  const org = useQuery(trpc.orgs.get.queryOptions({ organizationId: id }));
  const list = useQuery(trpc.tournaments.list.queryOptions({ organizationId: id }));
  const error = org.error ?? list.error;
  if (error) {
    return (
      <Page title="Turneringer">
        <Alert tone="error">
          <p>{describeApiError(error)?.message}</p>
        </Alert>
        <Link href={ROUTES.orgs}>Tilbake til klubbene</Link>
      </Page>
    );
  }
  if (!org.data || !list.data) return <Loading text="Henter turneringene …" />;
  const admin = isAdminRole(org.data.role);
  const tournaments = list.data.tournaments;
  return (
    <Page title={`Turneringer i ${org.data.name}`}>
      <p className="muted">
        <Link href={ROUTES.org(id)}>Tilbake til klubben</Link>
      </p>
      {admin ? (
        <p>
          <Link href={ROUTES.newTournament(id)} className="btn">
            Ny turnering
          </Link>
        </p>
      ) : null}
      {tournaments.length === 0 ? (
        <EmptyState title="Ingen turneringer ennå">
          <p>
            {admin
              ? 'Lag klubbens første turnering med «Ny turnering».'
              : 'Når klubben setter opp en turnering, finner du den her.'}
          </p>
        </EmptyState>
      ) : (
        <Card>
          <ul className="result-list" aria-label="Turneringer">
            {tournaments
              .filter((t) => admin || t.status !== 'draft')
              .map((t) => {
                const dates = [...t.rounds].sort((a, b) => a.number - b.number).map((r) => formatDate(r.playedOn));
                return (
                  <li key={t.id} data-testid="tournament">
                    <Link href={ROUTES.tournament(id, t.id)}>
                      <strong>{t.name}</strong> <span className={STATUS_BADGE[t.status]}>{STATUS_NAME[t.status]}</span>
                      <span className="small muted" style={{ display: 'block' }}>
                        {[
                          dates.length > 1 ? `${dates[0]} – ${dates[dates.length - 1]}` : dates[0],
                          FORMAT_NAME[t.format],
                          `${t.entryCount}${t.entryLimit ? ` av ${t.entryLimit}` : ''} påmeldt`,
                        ].join(' · ')}
                      </span>
                    </Link>
                  </li>
                );
              })}
          </ul>
        </Card>
      )}
    </Page>
  );
}
