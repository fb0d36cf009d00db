import type { TFunction } from 'i18next';
import { useState } from 'react';
import { Link, useParams } from 'wouter';
import type { EntryView, TournamentDetail, TournamentView } from '../../../../shared/schemas/tournaments';
import { formatDateTime, formatDays } from '../../../../shared/format/dates';
import { isTeamFormat, type Language } from '../../../../shared/values';
import { useLanguage } from '../../i18n';
import { shownName } from '../../i18n/names';
import { describeApiError } from '../../lib/api-error';
import { formatHandicapIndex, formatStrokes } from '../../lib/handicap';
import { ROUTES } from '../../routes';
import { useSession, useUserId } from '../../session/useSession';
import { trpc } from '../../trpc';
import { Button, Card, ErrorPage, FormError, Loading, Page, TextField } from '../../ui';
import { isAdminRole } from '../orgs/roles';
import { courseTitle, teeLabel } from '../courses/format';
import { CardsAdmin } from './admin/CardsAdmin';
import { EntriesAdmin } from './admin/EntriesAdmin';
import { PaperDownloads } from './admin/PaperDownloads';
import { ResultsDownload } from './admin/ResultsDownload';
import { StartListEditor } from './admin/StartListEditor';
import { StartListPublish } from './admin/StartListPublish';
import { StatusPanel } from './admin/StatusPanel';
import { AddToCalendar } from './AddToCalendar';
import { DivisionSelect } from './DivisionSelect';
import {
  canWithdrawSelf,
  FORMAT_NAME,
  TIE_BREAK_NAME,
  groupOf,
  myEntry,
  selfEntry,
  startText,
  STATUS_BADGE,
  STATUS_NAME,
  VISIBILITY_NAME,
} from './tournament';
import { courseChoice } from '../courses/course-choice';
import { formatHint, showsAllowance } from './tournament-form';
import './tournaments.css';
import { STATUSES_BEFORE_PLAY } from '../../../../shared/tournament-rules';
import { entryName, entryIndexes, entryUserIds, isGuestEntry, isTeamEntry } from '../../../../shared/format/entry';
import { MemberSearch } from './MemberSearch';
import { EntryPlayers } from './EntryPlayers';
import { defaultTeamName, entryWithPlayers, selfEntryKind } from './team-entry';
import type { MemberEntryProps } from './MemberSearch';

/**
 * One tournament. Every member: the details, their entry (enter, withdraw), their start time
 * and group, the way to the scorecard while it is played, and who has entered. Owners and admins also:
 * the state moves, entries, the start list, signed cards and the results file.
 */
export default function TournamentScreen() {
  const { id = '', tid = '' } = useParams<{ id: string; tid: string }>();
  const { t: tr, language } = useLanguage();
  const ids = { organizationId: id, tournamentId: tid };
  const org = trpc.orgs.get.useQuery({ organizationId: id });
  const t = trpc.tournaments.get.useQuery(ids);
  const entries = trpc.tournaments.entries.useQuery(ids);
  const userId = useUserId();

  const error = org.error ?? t.error ?? entries.error;
  if (error) {
    return (
      <ErrorPage title={tr('tournaments.screen.title')} error={error}>
        <Link href={ROUTES.tournaments(id)}>{tr('tournaments.edit.toTournaments')}</Link>
      </ErrorPage>
    );
  }
  if (!org.data || !t.data || !entries.data) return <Loading text={tr('tournaments.edit.loading')} />;
  const admin = isAdminRole(org.data.role);
  const view = t.data;
  const list = entries.data.entries;
  const mine = myEntry(list, userId);

  return (
    <Page title={view.name} wide>
      <p className="muted">
        <span className={STATUS_BADGE[view.status]} data-testid="tournament-status">
          {STATUS_NAME[language][view.status]}
        </span>{' '}
        · {org.data.name} · <Link href={ROUTES.tournaments(id)}>{tr('tournaments.screen.all')}</Link>
        {admin ? (
          <>
            {' '}
            · <Link href={ROUTES.editTournament(id, tid)}>{tr('tournaments.screen.edit')}</Link>
          </>
        ) : null}
      </p>
      <div className="grid-cols">
        <div>
          <MyEntry t={view} entries={list} mine={mine} admin={admin} />
          <AddToCalendar t={view} />
          {admin ? <StatusPanel t={view} /> : null}
          {admin ? <EntriesAdmin t={view} entries={list} /> : null}
          {admin ? <StartListEditor t={view} entries={list} /> : null}
          {admin ? <StartListPublish t={view} entries={list} /> : null}
          {admin && view.status === 'in_progress' ? <CardsAdmin t={view} /> : null}
        </div>
        <div>
          <Details t={view} />
          {admin ? <ResultsDownload t={view} /> : null}
          <PaperDownloads t={view} entries={list} organizer={admin} />
          <Entrants t={view} entries={list} />
        </div>
      </div>
    </Page>
  );
}

function Details({ t }: { t: TournamentDetail }) {
  const { t: tr, language } = useLanguage();
  const course = courseChoice(t.course);
  const rounds = [...t.rounds].sort((a, b) => a.number - b.number);
  const entered = t.entryLimit
    ? tr('tournaments.list.enteredOf', { count: t.entryCount, limit: t.entryLimit })
    : tr('tournaments.list.entered', { count: t.entryCount });
  return (
    <Card title={tr('tournaments.screen.about')}>
      {t.description ? <p style={{ whiteSpace: 'pre-line' }}>{t.description}</p> : null}
      <ul className="list small">
        <li>
          {tr('tournaments.fields.course')}{' '}
          {courseTitle({ ...course, club: course.clubName ? { slug: '', name: course.clubName } : undefined })}
        </li>
        {rounds.map((r) => (
          <li key={r.number}>
            {tr('tournaments.screen.roundOn', { number: r.number, date: formatDays([r.playedOn], language) })}
          </li>
        ))}
        <li data-testid="tournament-format">
          {showsAllowance(t.format)
            ? tr('tournaments.screen.formatAllowance', {
                format: FORMAT_NAME[language][t.format],
                percent: t.allowancePercent,
              })
            : FORMAT_NAME[language][t.format]}
          {isTeamFormat(t.format) ? ` · ${tr('tournaments.form.teamSizeFixed', { count: t.teamSize })}` : ''}
          {showsAllowance(t.format) ? null : (
            <span style={{ display: 'block' }}>{formatHint(t.format, tr, t.teamSize)}</span>
          )}
        </li>
        <li>{tr('tournaments.screen.tieBreak', { rule: TIE_BREAK_NAME[language][t.tieBreak] })}</li>
        <li>
          {tr('tournaments.screen.divisions')}{' '}
          {t.divisions
            .map((d) => {
              const tee = course.tees.find((x) => x.id === d.teeId);
              const teeText = tee ? teeLabel(tee, language) : 'tee';
              return `${d.name} (${teeText}${rangeText(d.minHandicapIndex, d.maxHandicapIndex, tr, language)})`;
            })
            .join(', ')}
        </li>
        <li>
          {VISIBILITY_NAME[language][t.visibility]}
          {t.visibility === 'public' && t.status !== 'draft' ? (
            <>
              {' '}
              · <Link href={ROUTES.publicTournament(t.slug)}>{tr('tournaments.screen.publicPage')}</Link>
            </>
          ) : null}
        </li>
        <li>
          {entered}
          {t.maxHandicapIndex !== undefined
            ? ` · ${tr('tournaments.screen.maxIndex', { index: formatHandicapIndex(t.maxHandicapIndex, language) })}`
            : ''}
          {t.entriesCloseAt
            ? ` · ${tr('tournaments.screen.deadline', { at: formatDateTime(new Date(t.entriesCloseAt), language) })}`
            : ''}
        </li>
      </ul>
    </Card>
  );
}

function rangeText(min: number | undefined, max: number | undefined, tr: TFunction, language: Language): string {
  const index = (value: number | undefined) => formatHandicapIndex(value, language);
  if (min === undefined && max === undefined) return '';
  if (min === undefined) return `, ${tr('tournaments.screen.indexUpTo', { max: index(max) })}`;
  if (max === undefined) return `, ${tr('tournaments.screen.indexFrom', { min: index(min) })}`;
  return `, ${tr('tournaments.screen.indexRange', { min: index(min), max: index(max) })}`;
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
  const utils = trpc.useUtils();
  const { t: tr, language } = useLanguage();
  const ids = { organizationId: t.organizationId, tournamentId: t.id };
  const refresh = () => {
    void utils.tournaments.entries.invalidate(ids);
    void utils.tournaments.get.invalidate(ids);
  };
  const enter = trpc.tournaments.enter.useMutation({ onSuccess: refresh });
  const withdraw = trpc.tournaments.withdraw.useMutation({ onSuccess: refresh });
  const [division, setDivision] = useState('');
  const [sure, setSure] = useState(false);
  const open = selfEntry(t, new Date(), tr);

  if (!mine) {
    if (!STATUSES_BEFORE_PLAY.includes(t.status)) return null;
    // An organizer who has not entered needs no "entries are closed" notice above their own tools.
    if (admin && !open.ok && t.status !== 'open') return null;
    return (
      <Card title={tr('tournaments.screen.entry')}>
        {open.ok ? (
          <>
            {open.waiting ? (
              <p className="small" data-testid="entry-waiting-note">
                {open.waiting}
              </p>
            ) : null}
            {t.divisions.length > 1 ? (
              <DivisionSelect
                divisions={t.divisions}
                label={tr('tournaments.screen.division')}
                none={tr('tournaments.screen.chooseForMe')}
                hint={tr('tournaments.screen.divisionHint')}
                value={division}
                onChange={setDivision}
              />
            ) : null}
            <FormError error={describeApiError(enter.error)} />
            {selfEntryKind(t.teamSize) === 'alone' ? (
              <Button
                busy={enter.isPending}
                onClick={() => enter.mutate({ ...ids, ...(division ? { divisionId: division } : {}) })}
              >
                {tr('tournaments.screen.enterMe')}
              </Button>
            ) : selfEntryKind(t.teamSize) === 'withPartner' ? (
              <PartnerEntry
                t={t}
                entries={entries}
                busy={enter.isPending}
                onEnter={(partner) =>
                  enter.mutate({ ...ids, ...partner, ...(division ? { divisionId: division } : {}) })
                }
              />
            ) : (
              <p className="muted" data-testid="entry-by-club">
                {tr('tournaments.team.byClub', { count: t.teamSize })}
              </p>
            )}
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
    <Card title={tr('tournaments.screen.yourEntry')}>
      {mine.waitlisted ? (
        <p data-testid="my-waiting-place" role="status">
          {tr('tournaments.screen.waitingAs', { place: mine.waitlistPosition ?? 0 })}
        </p>
      ) : null}
      <p data-testid="my-entry">
        {tr('tournaments.screen.enteredIn')} <strong>{mine.division.name}</strong> ·{' '}
        {tr('tournaments.screen.index', {
          index: entryIndexes(mine)
            .map((index) => formatHandicapIndex(index, language))
            .join(' / '),
        })}{' '}
        · {tr('tournaments.screen.playingHandicap', { strokes: formatStrokes(mine.playingHandicap) })}
        {t.status === 'in_progress' || t.status === 'finished' ? ` ${tr('tournaments.screen.locked')}` : ''}
      </p>
      {isTeamEntry(mine) ? (
        <div className="team-entry" data-testid="my-team">
          <strong>{shownName(mine.name, language)}</strong>
          <EntryPlayers entry={mine} />
        </div>
      ) : null}
      {rounds.map((r) => {
        const group = groupOf(entries, mine, r.number);
        return (
          <div key={r.number} className="group-box" data-testid="my-group">
            <h3>
              {tr('tournaments.screen.roundDate', { number: r.number, date: formatDays([r.playedOn], language) })}
            </h3>
            {group ? (
              <>
                <p className="start-time">{startText(group.startsAt, group.tee, tr)}</p>
                <p className="small">
                  {tr('tournaments.screen.group', {
                    names: group.entries.map((e) => entryWithPlayers(e, (n) => shownName(n, language))).join(', '),
                  })}
                </p>
              </>
            ) : (
              <p className="small muted">{tr('tournaments.screen.noStartList')}</p>
            )}
          </div>
        );
      })}
      {t.status === 'in_progress' ? (
        <Link href={ROUTES.tournamentCard(t.organizationId, t.id)} className="btn block">
          {tr('tournaments.screen.toCard')}
        </Link>
      ) : null}
      {t.status === 'finished' ? (
        <Link href={ROUTES.tournamentCard(t.organizationId, t.id)}>{tr('tournaments.screen.seeCard')}</Link>
      ) : null}
      {canWithdrawSelf(t.status) ? (
        <div style={{ marginTop: '0.75rem' }}>
          <FormError error={describeApiError(withdraw.error)} />
          {sure ? (
            <div className="confirm-box">
              <p>
                {isTeamEntry(mine)
                  ? tr('tournaments.team.withdrawQuestion', { name: t.name })
                  : tr('tournaments.screen.withdrawQuestion', { name: t.name })}
              </p>
              <div className="row">
                <Button
                  variant="danger"
                  busy={withdraw.isPending}
                  onClick={() => withdraw.mutate({ ...ids, entryId: mine.id })}
                >
                  {tr('tournaments.screen.yesWithdraw')}
                </Button>
                <Button variant="link" onClick={() => setSure(false)}>
                  {tr('tournaments.screen.cancel')}
                </Button>
              </div>
            </div>
          ) : (
            <Button variant="secondary" onClick={() => setSure(true)}>
              {tr('tournaments.screen.withdrawMe')}
            </Button>
          )}
        </div>
      ) : null}
    </Card>
  );
}

function Entrants({ t, entries: all }: { t: TournamentView; entries: EntryView[] }) {
  const { t: tr, language } = useLanguage();
  // Those waiting for a place are listed after the field, in the order they move up (decision 0427).
  const entries = all.filter((e) => !e.waitlisted);
  const waiting = all.filter((e) => e.waitlisted).sort((a, b) => a.waitlistPosition! - b.waitlistPosition!);
  return (
    <Card title={tr('tournaments.screen.entrants', { count: entries.length })}>
      {entries.length === 0 ? (
        <p className="muted">{tr('tournaments.screen.noEntrants')}</p>
      ) : (
        t.divisions.map((d) => {
          const inDivision = entries.filter((e) => e.division.id === d.id);
          if (inDivision.length === 0) return null;
          return (
            <div key={d.id}>
              {t.divisions.length > 1 ? <h3>{d.name}</h3> : null}
              <ul className="list" aria-label={tr('tournaments.screen.entrantsIn', { name: d.name })}>
                {inDivision.map((e) => (
                  <li key={e.id} className="row between" data-testid="entrant">
                    <span>
                      {shownName(entryName(e), language)}
                      {isGuestEntry(e) ? ` ${tr('tournaments.screen.guest')}` : ''}
                      <EntryPlayers entry={e} />
                    </span>
                    <span className="small muted">
                      {isTeamEntry(e)
                        ? // The players' indexes are under the team's name; the team's playing handicap here.
                          tr('tournaments.screen.playingHandicap', { strokes: formatStrokes(e.playingHandicap) })
                        : tr('tournaments.screen.indexAndPlaying', {
                            index: entryIndexes(e)
                              .map((index) => formatHandicapIndex(index, language))
                              .join(' / '),
                            strokes: formatStrokes(e.playingHandicap),
                          })}
                    </span>
                  </li>
                ))}
              </ul>
            </div>
          );
        })
      )}
      {waiting.length > 0 ? (
        <div data-testid="waiting-list">
          <h3>{tr('tournaments.screen.waitingList', { count: waiting.length })}</h3>
          <ol className="list">
            {waiting.map((e) => (
              <li key={e.id} className="row between" data-testid="waiting-entrant">
                <span>{shownName(entryName(e), language)}</span>
                <span className="small muted">
                  {tr('tournaments.screen.waitingPlace', { place: e.waitlistPosition ?? 0 })}
                </span>
              </li>
            ))}
          </ol>
        </div>
      ) : null}
    </Card>
  );
}

/**
 * A member enters a team of two with a member partner (`partnerUserId`): the partner found among the
 * club's members, those already entered left out; a team name may be typed, else the surnames are used.
 */
function PartnerEntry({ t, entries, busy, onEnter }: MemberEntryProps<{ partnerUserId: string; name?: string }>) {
  const { t: tr } = useLanguage();
  const me = useUserId();
  const session = useSession();
  const myName = session.status === 'full' ? session.user.name : null;
  const [partner, setPartner] = useState<{ userId: string; name: string } | null>(null);
  const [name, setName] = useState('');
  const shownDefault = partner ? defaultTeamName([myName ?? '', partner.name]) : '';
  return (
    <div data-testid="partner-entry">
      <p className="small">{tr('tournaments.team.withPartnerIntro')}</p>
      {partner ? (
        <>
          <div className="row between">
            <span>
              {tr('tournaments.team.partner')} <strong data-testid="partner">{partner.name}</strong>
            </span>
            <Button size="small" variant="link" onClick={() => setPartner(null)}>
              {tr('tournaments.team.otherPartner')}
            </Button>
          </div>
          <TextField
            label={tr('tournaments.team.name')}
            value={name}
            maxLength={80}
            placeholder={shownDefault || undefined}
            hint={shownDefault ? tr('tournaments.team.nameDefault', { name: shownDefault }) : undefined}
            onChange={(e) => setName(e.target.value)}
          />
          <Button
            busy={busy}
            onClick={() => onEnter({ partnerUserId: partner.userId, ...(name.trim() ? { name: name.trim() } : {}) })}
          >
            {tr('tournaments.team.enterWith', { name: partner.name })}
          </Button>
        </>
      ) : (
        <MemberSearch
          organizationId={t.organizationId}
          excluded={new Set([me, ...entries.flatMap(entryUserIds)])}
          label={tr('tournaments.team.partnerSearch')}
          chooseLabel={(member) => tr('tournaments.team.choosePartner', { name: member })}
          onChoose={setPartner}
        />
      )}
    </div>
  );
}
