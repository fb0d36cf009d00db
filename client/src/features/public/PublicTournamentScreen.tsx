import { formatDays } from '../../../../shared/format/dates';
import { useLanguage } from '../../i18n';
import { shownName } from '../../i18n/names';
import { skipToken } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link, useParams } from 'wouter';
import type { LeaderboardRowView, LeaderboardView, PublicGroupView } from '../../../../shared/schemas/tournaments';
import { describeApiError } from '../../lib/api-error';
import { ROUTES } from '../../routes';
import { trpc } from '../../trpc';
import { ApiErrorAlert, Card, EmptyState, ErrorPage, Loading, Page } from '../../ui';
import { cardTotals, FORMAT_TEXT, formatThru, formatToPar, grossText, startTime, STATUS_TEXT } from './format';
import { applyLeaderboardUpdate } from './leaderboard-state';
import { ResultsPdfLink } from './ResultsPdfLink';
import { connectionOf } from '../../lib/realtime/connection';
import { stablefordPointsOn, sumPoints } from '../../lib/stableford';
import { formatStrokes } from '../../lib/handicap';
import type { TournamentFormat } from '../../../../shared/values';
import { ranksByPoints } from '../../../../shared/formats';

function NotFound() {
  const { t } = useLanguage();
  return (
    <Page title={t('publicTournaments.notFoundTitle')}>
      <p>{t('publicTournaments.notFound')}</p>
      <p>
        <Link href={ROUTES.publicTournaments}>{t('publicTournaments.seePublic')}</Link>
      </p>
    </Page>
  );
}

/**
 * The public page of a tournament (`/t/{slug}`): for anyone with the link, signed in or not. The page comes
 * from public.tournament; the leaderboard is then kept live by tournaments.onLeaderboard (a snapshot, then
 * the rows that changed; the tRPC client resumes with the last event id after a reconnect).
 */
export default function PublicTournamentScreen() {
  const { t, language } = useLanguage();
  const { slug = '' } = useParams<{ slug: string }>();
  const page = trpc.public.tournament.useQuery({ slug }, { staleTime: Infinity, refetchOnWindowFocus: false });
  // A page the server rendered (or one read before) has its leaderboard in the first render: the board is
  // never drawn empty first, so nothing below it moves when it fills in.
  const [board, setBoard] = useState<LeaderboardView | undefined>(() => page.data?.leaderboard);
  const [gone, setGone] = useState(false);

  useEffect(() => {
    if (page.data && !board) setBoard(page.data.leaderboard);
  }, [page.data, board]);

  // Subscribed once the page is there, and until it is gone (skipToken otherwise).
  const subscription = trpc.tournaments.onLeaderboard.useSubscription(
    page.data !== undefined && !gone ? { slug } : skipToken,
    {
      onData: (event) => setBoard((current) => applyLeaderboardUpdate(current, event.data)),
      onError: (error) => {
        // Made members-only (or a draft again) while watching: the page no longer exists for this visitor.
        if (describeApiError(error)?.code === 'NOT_FOUND') setGone(true);
      },
    },
  );
  const connection = connectionOf(subscription.status);

  if (page.isPending) return <Loading text={t('publicTournaments.loading')} />;
  if (gone || (page.error && describeApiError(page.error)?.code === 'NOT_FOUND')) return <NotFound />;
  if (page.error) {
    return <ErrorPage title={t('publicTournaments.tournament')} error={page.error} />;
  }
  const { tournament, groups, course } = page.data;
  const live = tournament.status === 'in_progress';
  const dates = formatDays(
    tournament.rounds.map((r) => r.playedOn),
    language,
  );
  return (
    <Page title={tournament.name} wide>
      <p className="muted tournament-facts">
        <span>{tournament.organization.name}</span>
        {dates ? <span>{dates}</span> : null}
        {course ? <span>{course.name}</span> : null}
        <span>{FORMAT_TEXT[language][tournament.format]}</span>
        <span
          className={
            tournament.status === 'cancelled'
              ? 'badge warn'
              : tournament.status === 'in_progress'
                ? 'badge'
                : 'badge gray'
          }
        >
          {STATUS_TEXT[language][tournament.status]}
        </span>
      </p>
      {tournament.description ? <p className="prewrap">{tournament.description}</p> : null}
      <div className="grid-cols">
        <Card
          title={t('publicTournaments.leaderboard')}
          action={
            tournament.status === 'finished' ? (
              // The results stand: a live dot would promise changes that will not come.
              <span className="badge gray" data-testid="connection">
                {t('publicTournaments.finished')}
              </span>
            ) : live ? (
              <span className={`conn ${connection}`} role="status" aria-live="polite" data-testid="connection">
                {t(`connection.${connection}`)}
              </span>
            ) : null
          }
        >
          {board ? (
            <Leaderboard slug={slug} board={board} format={tournament.format} roundCount={tournament.rounds.length} />
          ) : null}
          {tournament.status === 'finished' ? <ResultsPdfLink slug={slug} /> : null}
        </Card>
        <StartList groups={groups} />
      </div>
    </Page>
  );
}

function Leaderboard({
  slug,
  board,
  format,
  roundCount,
}: {
  slug: string;
  board: LeaderboardView;
  format: TournamentFormat;
  roundCount: number;
}) {
  const [divisionId, setDivisionId] = useState<string | null>(null);
  const { t } = useLanguage();
  const [open, setOpen] = useState<string | null>(null);
  const division = board.divisions.find((d) => d.id === divisionId) ?? board.divisions[0];
  if (!division) return <EmptyState title={t('publicTournaments.noDivisions')} />;
  const stableford = ranksByPoints(format);
  const multiRound = roundCount > 1;
  return (
    <>
      {board.divisions.length > 1 ? (
        <div className="tabs" role="tablist" aria-label={t('publicTournaments.divisions')}>
          {board.divisions.map((d) => (
            <button
              key={d.id}
              type="button"
              role="tab"
              aria-selected={d.id === division.id}
              onClick={() => setDivisionId(d.id)}
            >
              {d.name}
            </button>
          ))}
        </div>
      ) : null}
      {division.rows.length === 0 ? (
        <EmptyState title={t('publicTournaments.noEntries')} />
      ) : (
        <div className="table-wrap">
          <table
            className="totals leaderboard"
            aria-label={t('publicTournaments.leaderboardOf', { division: division.name })}
            data-testid="leaderboard"
          >
            <thead>
              <tr>
                <th scope="col">{t('publicTournaments.position')}</th>
                <th scope="col">{t('publicTournaments.player')}</th>
                <th scope="col">{stableford ? t('publicTournaments.points') : t('publicTournaments.toPar')}</th>
                <th scope="col">{t('publicTournaments.holes')}</th>
                <th scope="col">
                  <abbr title={t('publicTournaments.handicapLong')}>{t('publicTournaments.handicap')}</abbr>
                </th>
                <th scope="col" className="lb-secondary">
                  {t('publicTournaments.out')}
                </th>
                <th scope="col" className="lb-secondary">
                  {t('publicTournaments.in')}
                </th>
                {multiRound
                  ? Array.from({ length: roundCount }, (_, i) => (
                      <th scope="col" key={i}>
                        R{i + 1}
                      </th>
                    ))
                  : null}
                <th scope="col" className="lb-secondary">
                  {stableford ? t('publicTournaments.toPar') : t('publicTournaments.strokes')}
                </th>
              </tr>
            </thead>
            <tbody>
              {division.rows.map((row) => (
                <LeaderboardRow
                  key={row.entryId}
                  slug={slug}
                  row={row}
                  stableford={stableford}
                  roundCount={multiRound ? roundCount : 0}
                  open={open === row.entryId}
                  onToggle={() => setOpen((o) => (o === row.entryId ? null : row.entryId))}
                />
              ))}
            </tbody>
          </table>
        </div>
      )}
      <p className="small muted">{t('publicTournaments.tapPlayer')}</p>
    </>
  );
}

function LeaderboardRow({
  slug,
  row,
  stableford,
  roundCount,
  open,
  onToggle,
}: {
  slug: string;
  row: LeaderboardRowView;
  stableford: boolean;
  roundCount: number;
  open: boolean;
  onToggle: () => void;
}) {
  const { t, language } = useLanguage();
  const columns = 8 + roundCount;
  const cardId = `kort-${row.entryId}`;
  return (
    <>
      <tr data-testid="leaderboard-row" data-entry={row.entryId}>
        <td>{row.position}</td>
        <td>
          <button
            type="button"
            className="row-link"
            aria-expanded={open}
            aria-controls={open ? cardId : undefined}
            onClick={onToggle}
          >
            {shownName(row.name, language)}
          </button>
          {row.players ? (
            // A team's players under its name, small: the column wraps, the board keeps its width.
            <span className="lb-players small muted" data-testid="leaderboard-players">
              {row.players.map((name) => shownName(name, language)).join(', ')}
            </span>
          ) : null}
          {row.decidedBy ? (
            // Beside the position, in the one column that wraps: the board still fits a phone's width.
            <span className="decided-by small muted" data-testid="leaderboard-decided-by">
              {t(`publicTournaments.decidedBy.${row.decidedBy}`)}
            </span>
          ) : null}
        </td>
        <td className="strong">{stableford ? (row.points ?? 0) : formatToPar(row.toPar)}</td>
        <td>{formatThru(row.thru)}</td>
        <td data-testid="leaderboard-handicap">{formatStrokes(row.playingHandicap)}</td>
        <td className="lb-secondary" data-testid="leaderboard-out">
          {row.out ?? '–'}
        </td>
        <td className="lb-secondary" data-testid="leaderboard-in">
          {row.in ?? '–'}
        </td>
        {Array.from({ length: roundCount }, (_, i) => (
          <td key={i}>{row.rounds[i] ?? '–'}</td>
        ))}
        <td className="lb-secondary">{stableford ? formatToPar(row.toPar) : row.strokes}</td>
      </tr>
      {open ? (
        <tr className="card-row">
          <td colSpan={columns} id={cardId}>
            <PlayerCard slug={slug} row={row} />
          </td>
        </tr>
      ) : null}
    </>
  );
}

/** A player's hole-by-hole card (public.card), read again whenever their row changes. */
function PlayerCard({ slug, row }: { slug: string; row: LeaderboardRowView }) {
  const { t, language } = useLanguage();
  const card = trpc.public.card.useQuery({ slug, entryId: row.entryId });
  const { refetch } = card;
  const signature = `${row.thru}/${row.strokes}/${row.rounds.join(',')}`;
  // biome-ignore lint/correctness/useExhaustiveDependencies: a change in the row's figures is what asks for the card again
  useEffect(() => {
    void refetch();
  }, [signature, refetch]);
  if (card.isPending) return <Loading text={t('publicTournaments.loadingCard')} />;
  if (card.error) return <ApiErrorAlert error={card.error} />;
  const pars = card.data.holes.map((h) => h.par);
  const stableford = ranksByPoints(card.data.format);
  // Four-ball: the server sends each round's strokes received by the ball that counted (and the team's sum).
  const fourBall = card.data.rounds.some((r) => r.strokesReceived);
  // Four-ball: each round's holes received what the counting ball received there.
  const pointsOn = (strokes: number | null, i: number, received: readonly number[]) =>
    strokes === null ? null : stablefordPointsOn(pars[i]!, received[i] ?? 0, strokes);
  const played = card.data.rounds.filter((r) => r.strokes.some((s) => s !== null));
  if (played.length === 0)
    return <p className="muted">{t('publicTournaments.notStarted', { name: card.data.name })}</p>;
  return (
    <section className="player-card" aria-label={t('publicTournaments.cardOf', { name: card.data.name })}>
      {card.data.players ? (
        <p className="small" data-testid="card-players">
          {card.data.players.map((name) => shownName(name, language)).join(', ')}
        </p>
      ) : null}
      <p className="small muted" data-testid="card-handicap">
        {t(fourBall ? 'publicTournaments.playingHandicapSum' : 'publicTournaments.playingHandicap', {
          strokes: formatStrokes(card.data.playingHandicap),
        })}
      </p>
      {played.map((round) => {
        const received = round.strokesReceived ?? card.data.strokesReceived;
        return (
          <div key={round.number}>
            {card.data.rounds.length > 1 ? <h3>{t('publicTournaments.round', { number: round.number })}</h3> : null}
            {[0, 9].map((from) => {
              const sums = cardTotals(round.strokes, pars, from, from + 9);
              return (
                <table key={from} className="holes">
                  <caption className="visually-hidden">
                    {from === 0 ? t('publicTournaments.outCaption') : t('publicTournaments.inCaption')}
                  </caption>
                  <tbody>
                    <tr>
                      <th scope="row">{t('publicTournaments.hole')}</th>
                      {card.data.holes.slice(from, from + 9).map((h) => (
                        <td key={h.number}>{h.number}</td>
                      ))}
                      <td>{from === 0 ? t('publicTournaments.out') : t('publicTournaments.in')}</td>
                    </tr>
                    <tr className="muted">
                      <th scope="row">{t('publicTournaments.par')}</th>
                      {pars.slice(from, from + 9).map((p, i) => (
                        <td key={i}>{p}</td>
                      ))}
                      <td>{pars.slice(from, from + 9).reduce((a, b) => a + b, 0)}</td>
                    </tr>
                    <tr>
                      <th scope="row">{t('publicTournaments.strokes')}</th>
                      {round.strokes.slice(from, from + 9).map((s, i) => (
                        <td
                          key={i}
                          className={
                            s === null ? '' : s < pars[from + i]! ? 'under' : s > pars[from + i]! ? 'over' : ''
                          }
                        >
                          <span>{s ?? '·'}</span>
                        </td>
                      ))}
                      <td className="strong">{sums.played ? sums.strokes : '–'}</td>
                    </tr>
                    {round.strokesReceived ? (
                      <tr className="muted" data-testid="received-row">
                        <th scope="row">
                          <abbr title={t('publicTournaments.receivedLong')}>{t('publicTournaments.received')}</abbr>
                        </th>
                        {received.slice(from, from + 9).map((r, i) => (
                          <td key={i}>{r === 0 ? '' : r}</td>
                        ))}
                        <td>{received.slice(from, from + 9).reduce((a, b) => a + b, 0)}</td>
                      </tr>
                    ) : null}
                    {stableford ? (
                      <tr data-testid="points-row">
                        <th scope="row">{t('publicTournaments.points')}</th>
                        {round.strokes.slice(from, from + 9).map((s, i) => (
                          <td key={i}>{pointsOn(s, from + i, received) ?? '·'}</td>
                        ))}
                        <td className="strong">
                          {sumPoints(
                            Array.from({ length: 9 }, (_, i) => from + i),
                            (i) => pointsOn(round.strokes[i] ?? null, i, received),
                          ) ?? '–'}
                        </td>
                      </tr>
                    ) : null}
                  </tbody>
                </table>
              );
            })}
            <p className="small muted">{grossText(round.strokes, pars, t)}</p>
          </div>
        );
      })}
    </section>
  );
}

function StartList({ groups }: { groups: PublicGroupView[] }) {
  const rounds = [...new Set(groups.map((g) => g.round))].sort((a, b) => a - b);
  const { t, language } = useLanguage();
  return (
    <Card title={t('publicTournaments.startList')}>
      {groups.length === 0 ? (
        <p className="muted">{t('publicTournaments.startListNotReady')}</p>
      ) : (
        rounds.map((round) => (
          <div key={round}>
            {rounds.length > 1 ? <h3>{t('publicTournaments.round', { number: round })}</h3> : null}
            <ol className="list startlist">
              {groups
                .filter((g) => g.round === round)
                .map((g) => (
                  <li key={g.id}>
                    <div className="row between">
                      <strong>{startTime(g.startsAt)}</strong>
                      <span className="small muted">{t('publicTournaments.tee', { tee: g.tee })}</span>
                    </div>
                    {g.entries.some((e) => e.players) ? (
                      // Teams: each on a line of its own, its players under it, small.
                      g.entries.map((e) => (
                        <div key={e.id} data-testid="startlist-team">
                          {shownName(e.name, language)}
                          {e.players ? (
                            <span className="small muted startlist-players">
                              {e.players.map((name) => shownName(name, language)).join(', ')}
                            </span>
                          ) : null}
                        </div>
                      ))
                    ) : (
                      <div>{g.entries.map((e) => shownName(e.name, language)).join(', ') || '–'}</div>
                    )}
                  </li>
                ))}
            </ol>
          </div>
        ))
      )}
    </Card>
  );
}
