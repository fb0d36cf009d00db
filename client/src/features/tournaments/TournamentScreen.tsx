import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useParams } from 'wouter';
import type { EntryView, TournamentView } from '../../../../shared/schemas/tournaments';
import { describeApiError } from '../../lib/api-error';
import { formatHandicapIndex, formatStrokes } from '../../lib/handicap';
import { ROUTES } from '../../routes';
import { useSession } from '../../session/useSession';
import { useTRPC } from '../../trpc';
import { Alert, Button, Card, FormError, Loading, Page, SelectField } from '../../ui';
import { isAdminRole } from '../orgs/roles';
import { courseTitle, formatDate } from '../rounds/format';
import { CardsAdmin, EntriesAdmin, ResultsDownload, StartListEditor, StatusPanel } from './TournamentAdmin';
import {
  canWithdrawSelf,
  FORMAT_NAME,
  groupOf,
  myEntry,
  selfEntry,
  startText,
  STATUS_BADGE,
  STATUS_NAME,
  VISIBILITY_NAME,
} from './tournament';
import { useCourseChoice } from './TournamentForm';
import './tournaments.css';
import { STATUSES_BEFORE_PLAY } from '../../../../shared/tournament-rules';

/**
 * One tournament (issue 15). Every member: the details, their entry (enter, withdraw), their start time
 * and group, the way to the scorecard while it is played, and who has entered. Owners and admins also:
 * the state moves, entries, the start list, signed cards and the results file.
 */
export default function TournamentScreen() {
  const { id = '', tid = '' } = useParams<{ id: string; tid: string }>();
  const trpc = useTRPC();
  const ids = { organizationId: id, tournamentId: tid };
  const org = useQuery(trpc.orgs.get.queryOptions({ organizationId: id }));
  const t = useQuery(trpc.tournaments.get.queryOptions(ids));
  const entries = useQuery(trpc.tournaments.entries.queryOptions(ids));
  const session = useSession();
  const userId = session.status === 'full' ? session.user.id : '';

  const error = org.error ?? t.error ?? entries.error;
  if (error) {
    return (
      <Page title="Turnering">
        <Alert tone="error">
          <p>{describeApiError(error)?.message}</p>
        </Alert>
        <Link href={ROUTES.tournaments(id)}>Til turneringene</Link>
      </Page>
    );
  }
  if (!org.data || !t.data || !entries.data) return <Loading text="Henter turneringen …" />;
  const admin = isAdminRole(org.data.role);
  const view = t.data;
  const list = entries.data.entries;
  const mine = myEntry(list, userId);

  return (
    <Page title={view.name} wide>
      <p className="muted">
        <span className={STATUS_BADGE[view.status]} data-testid="tournament-status">
          {STATUS_NAME[view.status]}
        </span>{' '}
        · {org.data.name} · <Link href={ROUTES.tournaments(id)}>Alle turneringer</Link>
        {admin ? (
          <>
            {' '}
            · <Link href={ROUTES.editTournament(id, tid)}>Endre</Link>
          </>
        ) : null}
      </p>
      <div className="grid-cols">
        <div>
          <MyEntry t={view} entries={list} mine={mine} admin={admin} />
          {admin ? <StatusPanel t={view} /> : null}
          {admin ? <EntriesAdmin t={view} entries={list} /> : null}
          {admin ? <StartListEditor t={view} entries={list} /> : null}
          {admin && view.status === 'in_progress' ? <CardsAdmin t={view} /> : null}
        </div>
        <div>
          <Details t={view} />
          {admin ? <ResultsDownload t={view} /> : null}
          <Entrants t={view} entries={list} />
        </div>
      </div>
    </Page>
  );
}

function Details({ t }: { t: TournamentView }) {
  const course = useCourseChoice(t.rounds[0]?.courseId);
  const rounds = [...t.rounds].sort((a, b) => a.number - b.number);
  return (
    <Card title="Om turneringen">
      {t.description ? <p style={{ whiteSpace: 'pre-line' }}>{t.description}</p> : null}
      <ul className="list small">
        <li>
          Bane:{' '}
          {course.choice
            ? courseTitle({
                ...course.choice,
                club: course.choice.clubName ? { slug: '', name: course.choice.clubName } : undefined,
              })
            : '…'}
        </li>
        {rounds.map((r) => (
          <li key={r.number}>
            Runde {r.number}: {formatDate(r.playedOn)}
          </li>
        ))}
        <li>
          {FORMAT_NAME[t.format]}, handicapandel {t.allowancePercent} %
        </li>
        <li>
          Klasser:{' '}
          {t.divisions
            .map(
              (d) =>
                `${d.name} (${course.choice?.tees.find((x) => x.id === d.teeId)?.name ?? 'tee'}${rangeText(d.minHandicapIndex, d.maxHandicapIndex)})`,
            )
            .join(', ')}
        </li>
        <li>
          {VISIBILITY_NAME[t.visibility]}
          {t.visibility === 'public' && t.status !== 'draft' ? (
            <>
              {' '}
              · <Link href={ROUTES.publicTournament(t.slug)}>offentlig side</Link>
            </>
          ) : null}
        </li>
        <li>
          {t.entryCount}
          {t.entryLimit ? ` av ${t.entryLimit}` : ''} påmeldt
          {t.maxHandicapIndex !== undefined ? ` · høyeste hcp ${formatHandicapIndex(t.maxHandicapIndex)}` : ''}
          {t.entriesCloseAt
            ? ` · påmeldingsfrist ${new Date(t.entriesCloseAt).toLocaleString('nb-NO', { dateStyle: 'medium', timeStyle: 'short' })}`
            : ''}
        </li>
      </ul>
    </Card>
  );
}

function rangeText(min: number | undefined, max: number | undefined): string {
  if (min === undefined && max === undefined) return '';
  if (min === undefined) return `, hcp til ${formatHandicapIndex(max)}`;
  if (max === undefined) return `, hcp fra ${formatHandicapIndex(min)}`;
  return `, hcp ${formatHandicapIndex(min)}–${formatHandicapIndex(max)}`;
}

/** Me in this tournament: enter or withdraw, my start time and group, the scorecard. */
function MyEntry({
  t,
  entries,
  mine,
  admin,
}: {
  t: TournamentView;
  entries: EntryView[];
  mine: EntryView | undefined;
  admin: boolean;
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const ids = { organizationId: t.organizationId, tournamentId: t.id };
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: trpc.tournaments.entries.queryKey(ids) });
    void queryClient.invalidateQueries({ queryKey: trpc.tournaments.get.queryKey(ids) });
  };
  const enter = useMutation(trpc.tournaments.enter.mutationOptions({ onSuccess: refresh }));
  const withdraw = useMutation(trpc.tournaments.withdraw.mutationOptions({ onSuccess: refresh }));
  const [division, setDivision] = useState('');
  const [sure, setSure] = useState(false);
  const open = selfEntry(t, new Date());

  if (!mine) {
    if (!STATUSES_BEFORE_PLAY.includes(t.status)) return null;
    // An organizer who has not entered needs no "entries are closed" notice above their own tools.
    if (admin && !open.ok && t.status !== 'open') return null;
    return (
      <Card title="Påmelding">
        {open.ok ? (
          <>
            {t.divisions.length > 1 ? (
              <SelectField
                label="Klasse"
                value={division}
                onChange={(e) => setDivision(e.target.value)}
                hint="Uten valg: den første klassen som passer handicapet ditt."
              >
                <option value="">Velg for meg</option>
                {t.divisions.map((d) => (
                  <option key={d.id} value={d.id}>
                    {d.name}
                  </option>
                ))}
              </SelectField>
            ) : null}
            <FormError error={describeApiError(enter.error)} />
            <Button
              busy={enter.isPending}
              onClick={() => enter.mutate({ ...ids, ...(division ? { divisionId: division } : {}) })}
            >
              Meld meg på
            </Button>
          </>
        ) : (
          <p className="muted" data-testid="entry-closed">
            {open.reason}
          </p>
        )}
      </Card>
    );
  }

  const rounds = [...t.rounds].sort((a, b) => a.number - b.number);
  return (
    <Card title="Din påmelding">
      <p data-testid="my-entry">
        Du er påmeldt i klassen <strong>{mine.division.name}</strong> · hcp {formatHandicapIndex(mine.handicapIndex)} ·
        spillehandicap {formatStrokes(mine.playingHandicap)}
        {t.status === 'in_progress' || t.status === 'finished' ? ' (låst)' : ''}
      </p>
      {rounds.map((r) => {
        const group = groupOf(entries, mine, r.number);
        return (
          <div key={r.number} className="group-box" data-testid="my-group">
            <h3>
              Runde {r.number} · {formatDate(r.playedOn)}
            </h3>
            {group ? (
              <>
                <p className="start-time">{startText(group.startsAt, group.tee)}</p>
                <p className="small">Gruppe: {group.entries.map((e) => e.player.name).join(', ')}</p>
              </>
            ) : (
              <p className="small muted">Startlisten er ikke klar ennå.</p>
            )}
          </div>
        );
      })}
      {t.status === 'in_progress' ? (
        <Link href={ROUTES.tournamentCard(t.organizationId, t.id)} className="btn block">
          Til scorekortet
        </Link>
      ) : null}
      {t.status === 'finished' ? (
        <Link href={ROUTES.tournamentCard(t.organizationId, t.id)}>Se scorekortet</Link>
      ) : null}
      {canWithdrawSelf(t.status) ? (
        <div style={{ marginTop: '0.75rem' }}>
          <FormError error={describeApiError(withdraw.error)} />
          {sure ? (
            <div className="confirm-box">
              <p>Vil du melde deg av «{t.name}»? Plassen din kan gå til en annen.</p>
              <div className="row">
                <Button
                  variant="danger"
                  busy={withdraw.isPending}
                  onClick={() => withdraw.mutate({ ...ids, entryId: mine.id })}
                >
                  Ja, meld meg av
                </Button>
                <Button variant="link" onClick={() => setSure(false)}>
                  Avbryt
                </Button>
              </div>
            </div>
          ) : (
            <Button variant="secondary" onClick={() => setSure(true)}>
              Meld meg av
            </Button>
          )}
        </div>
      ) : null}
    </Card>
  );
}

function Entrants({ t, entries }: { t: TournamentView; entries: EntryView[] }) {
  return (
    <Card title={`Påmeldte (${entries.length})`}>
      {entries.length === 0 ? (
        <p className="muted">Ingen er påmeldt ennå.</p>
      ) : (
        t.divisions.map((d) => {
          const inDivision = entries.filter((e) => e.division.id === d.id);
          if (inDivision.length === 0) return null;
          return (
            <div key={d.id}>
              {t.divisions.length > 1 ? <h3>{d.name}</h3> : null}
              <ul className="list" aria-label={`Påmeldte i ${d.name}`}>
                {inDivision.map((e) => (
                  <li key={e.id} className="row between" data-testid="entrant">
                    <span>
                      {e.player.name}
                      {e.player.userId ? '' : ' (gjest)'}
                    </span>
                    <span className="small muted">
                      hcp {formatHandicapIndex(e.handicapIndex)} · spillehcp {formatStrokes(e.playingHandicap)}
                    </span>
                  </li>
                ))}
              </ul>
            </div>
          );
        })
      )}
    </Card>
  );
}
