import { getQueryKey } from '@trpc/react-query';
import { useState } from 'react';
import { Link, useLocation, useParams, useSearch } from 'wouter';
import type { TournamentCardsView, TournamentCardView, TournamentView } from '../../../../shared/schemas/tournaments';
import { formatDays } from '../../../../shared/format/dates';
import { HOLES_PER_TOURNAMENT_ROUND } from '../../../../shared/tournament-rules';
import type { TournamentFormat } from '../../../../shared/values';
import { useLanguage } from '../../i18n';
import { shownName } from '../../i18n/names';
import { describeApiError } from '../../lib/api-error';
import { formatStrokes } from '../../lib/handicap';
import { ROUTES } from '../../routes';
import { SAVED_NAMES } from '../../offline/store';
import { useSavedQuery } from '../../offline/useSavedQuery';
import { trpc } from '../../trpc';
import { Alert, ApiErrorAlert, Button, Card, ErrorPage, FormError, Loading, Page } from '../../ui';
import { shownStrokes, type PendingScores } from '../scorecard/pending-scores';
import { ScoreConflicts } from '../scorecard/ScoreConflicts';
import { stablefordPointsOn } from '../../lib/stableford';
import { cardTotals, formatToPar } from '../scorecard/scorecard';
import { StrokeStepper, StrokesReceived } from '../scorecard/StrokeStepper';
import { RoundTabs } from './RoundTabs';
import { ConnectionLine } from '../scorecard/ConnectionLine';
import { HoleBar } from '../scorecard/HoleBar';
import { CompactCard, type CardFooterRow } from '../scorecard/ScoreCard';
import { firstOpenHole, signatureText, signBlocker, totalsParts } from './card';
import { currentRound, localToday, startText, STATUS_NAME } from './tournament';
import { useTournamentCards } from './useTournamentCards';
import './tournaments.css';
import { ranksByPoints } from '../../../../shared/formats';

/**
 * The tournament scorecard: my card and those of the players I mark, one hole at a time with
 * the round scorecard's one-thumb stepper; live while the tournament is played; signing my card and
 * countersigning my group's, with what is still missing said before the call.
 */
export default function TournamentCardScreen() {
  const { id = '', tid = '' } = useParams<{ id: string; tid: string }>();
  const { t: tr } = useLanguage();
  const t = useSavedTournament(id, tid);
  if (t.error) {
    return (
      <ErrorPage title={tr('tournaments.scorecard.title')} error={t.error}>
        <Link href={ROUTES.tournaments(id)}>{tr('tournaments.edit.toTournaments')}</Link>
      </ErrorPage>
    );
  }
  if (!t.data) return <Loading text={tr('tournaments.edit.loading')} />;
  return <Scorecard t={t.data} />;
}

function Scorecard({ t }: { t: TournamentView }) {
  const { t: tr, language } = useLanguage();
  const [location, navigate] = useLocation();
  const params = new URLSearchParams(useSearch());
  const rounds = [...t.rounds].sort((a, b) => a.number - b.number);
  const fromUrl = Number(params.get('runde'));
  const [initialRound] = useState(() => currentRound(rounds, localToday(new Date())));
  const round = rounds.some((r) => r.number === fromUrl) ? fromUrl : initialRound;
  const live = t.status === 'in_progress';
  const { cards, connection, pending, conflicts, dismissConflict, send, scoreError, sign } = useTournamentCards({
    organizationId: t.organizationId,
    tournamentId: t.id,
    round,
    slug: t.slug,
    live,
  });
  const back = <Link href={ROUTES.tournament(t.organizationId, t.id)}>{tr('tournaments.edit.backToTournament')}</Link>;

  if (cards.error) {
    return (
      <Page title={tr('tournaments.scorecard.titleOf', { name: t.name })}>
        <ApiErrorAlert error={cards.error} />
        {back}
      </Page>
    );
  }
  if (!cards.data) return <Loading text={tr('tournaments.scorecard.loading')} />;
  const view = cards.data;
  // My card and my group's: an organizer's view of every card is on the tournament screen.
  const mine = view.cards.filter((c) => c.relation !== 'admin');
  const playedOn = rounds.find((r) => r.number === round)?.playedOn;

  return (
    <Page title={tr('tournaments.scorecard.titleOf', { name: t.name })} wide>
      <p className="muted">
        {tr('tournaments.scorecard.round', { number: round })}
        {playedOn ? ` · ${formatDays([playedOn], language)}` : ''}
        {view.group ? ` · ${startText(view.group.startsAt, view.group.tee, tr, language)}` : ''} · {back}
      </p>
      <RoundTabs
        rounds={rounds}
        current={round}
        onChoose={(n) => navigate(`${location}?runde=${n}`, { replace: true })}
      />
      {live ? (
        <ConnectionLine connection={connection} waiting={Object.keys(pending).length} />
      ) : (
        <Alert tone="info">
          <p>
            {t.status === 'finished'
              ? tr('tournaments.scorecard.finished')
              : t.status === 'cancelled'
                ? tr('tournaments.scorecard.cancelled')
                : tr('tournaments.scorecard.notStarted', { status: STATUS_NAME[language][t.status].toLowerCase() })}
          </p>
        </Alert>
      )}
      {mine.length === 0 ? (
        <Alert tone="info">
          <p>{tr('tournaments.scorecard.noCard')}</p>
        </Alert>
      ) : (
        <>
          <div className="grid-cols">
            <div>
              {live ? (
                <ScoreConflicts
                  players={mine.map((c) => ({ id: c.entryId, name: c.name }))}
                  strokesNow={(entryId, hole) => mine.find((c) => c.entryId === entryId)?.strokes[hole - 1] ?? null}
                  conflicts={conflicts}
                  onDismiss={dismissConflict}
                />
              ) : null}
              <HoleEntry t={t} view={view} cards={mine} pending={pending} editable={live} onScore={send} />
              {scoreError ? (
                <Alert tone="error">
                  <p>{scoreError}</p>
                </Alert>
              ) : null}
            </div>
            <div>
              <Signatures
                cards={mine}
                pending={pending}
                live={live}
                busyFor={sign.isPending ? sign.variables?.entryId : undefined}
                error={sign.error}
                onSign={(entryId) =>
                  sign.mutate({ organizationId: t.organizationId, tournamentId: t.id, entryId, round })
                }
              />
            </div>
          </div>
          <FullCard format={t.format} view={view} cards={mine} pending={pending} />
          <div className="holebar-space" />
        </>
      )}
    </Page>
  );
}

/**
 * The tournament, as tournaments.get answers it, or offline the copy saved the last time its scorecard was
 * shown here (the cards and the outbox are kept by useTournamentCards).
 */
function useSavedTournament(organizationId: string, tournamentId: string) {
  const { client } = trpc.useUtils();
  const input = { organizationId, tournamentId };
  return useSavedQuery({
    // tournaments.get's own cache entry: the one a screen's trpc.tournaments.get.useQuery shares.
    queryKey: getQueryKey(trpc.tournaments.get, input, 'query'),
    name: SAVED_NAMES.tournament(tournamentId),
    fetch: () => client.tournaments.get.query(input),
  });
}

const HOLES = Array.from({ length: HOLES_PER_TOURNAMENT_ROUND }, (_, i) => i + 1);

function shownCard(card: TournamentCardView, pending: PendingScores): (number | null)[] {
  return card.strokes.map((s, i) => shownStrokes(pending, card.entryId, i + 1, s));
}

function HoleEntry({
  t,
  view,
  cards,
  pending,
  editable,
  onScore,
}: {
  t: TournamentView;
  view: TournamentCardsView;
  cards: TournamentCardView[];
  pending: PendingScores;
  editable: boolean;
  onScore(entryId: string, hole: number, strokes: number | null): void;
}) {
  const { t: tr, language } = useLanguage();
  const [location, navigate] = useLocation();
  const params = new URLSearchParams(useSearch());
  const fromUrl = Number(params.get('hull'));
  const [initial] = useState(() => firstOpenHole(cards));
  const hole = HOLES.includes(fromUrl) ? fromUrl : initial;
  const info = view.holes[hole - 1] ?? { hole, par: 4, strokeIndex: hole };
  // The hole (and the round) in the URL: a reload stays on it.
  const go = (h: number) => {
    const next = new URLSearchParams(params);
    next.set('hull', String(h));
    navigate(`${location}?${next.toString()}`, { replace: true });
  };
  return (
    <Card>
      {cards.map((card) => {
        const received = card.strokesReceived[hole - 1] ?? 0;
        const totals = cardTotals(view.holes, shownCard(card, pending), card.strokesReceived);
        const running = totalsParts(t.format, totals, formatToPar, tr);
        return (
          <StrokeStepper
            key={card.entryId}
            name={shownName(card.name, language)}
            hole={hole}
            par={info.par}
            strokes={shownStrokes(pending, card.entryId, hole, card.strokes[hole - 1] ?? null)}
            editable={editable && !card.locked}
            onScore={(strokes) => onScore(card.entryId, hole, strokes)}
            score={
              <span data-testid="running-score" className={running.rest ? undefined : 'player-running-none'}>
                {running.main}
              </span>
            }
            details={
              <>
                <StrokesReceived received={received} />
                <div className="small muted">
                  {card.relation === 'self'
                    ? tr('tournaments.scorecard.yourCard')
                    : tr('tournaments.scorecard.youMark')}{' '}
                  · {tr('tournaments.scorecard.playingHandicap', { strokes: formatStrokes(card.playingHandicap) })}
                  {card.locked ? ` · ${tr('tournaments.scorecard.lockedShort')}` : ''}
                </div>
                {running.rest ? (
                  <div className="small muted" data-testid="running-totals">
                    {running.rest}
                  </div>
                ) : null}
              </>
            }
          />
        );
      })}
      <HoleBar
        holes={HOLES}
        hole={hole}
        par={info.par}
        strokeIndex={info.strokeIndex}
        // My own tee's length (the first card is mine when I play), as the round's hole bar shows it.
        lengthMeters={cards[0]?.lengths[hole - 1] ?? null}
        onGo={go}
      />
    </Card>
  );
}

/** My card to sign as player; my group's to sign as marker; what is missing, said before the call. */
function Signatures({
  cards,
  pending,
  live,
  busyFor,
  error,
  onSign,
}: {
  cards: TournamentCardView[];
  pending: PendingScores;
  live: boolean;
  busyFor: string | undefined;
  error: unknown;
  onSign(entryId: string): void;
}) {
  const { t } = useLanguage();
  return (
    <Card title={t('tournaments.scorecard.signing')}>
      <FormError error={describeApiError(error)} />
      {cards.map((card) => {
        const unsent = Object.values(pending).filter((p) => p.participantId === card.entryId).length;
        const blocker = signBlocker(card, shownCard(card, pending), unsent, t);
        const signedByMe = card.relation === 'self' ? card.signedByPlayer : card.signedByMarker;
        return (
          <div key={card.entryId} className="sign-box" data-testid="sign-card">
            <p>
              <strong>
                {card.relation === 'self'
                  ? t('tournaments.scorecard.yourCard')
                  : t('tournaments.scorecard.markerOf', { name: card.name })}
              </strong>
              <br />
              <span className="small" data-testid="signature-state">
                {signatureText(card, t)}
              </span>
            </p>
            {card.locked ? (
              <p className="small">
                <span className="badge" data-testid="card-locked">
                  {t('tournaments.scorecard.locked')}
                </span>{' '}
                {t('tournaments.scorecard.lockedText')}
              </p>
            ) : !live ? null : signedByMe ? (
              <p className="small muted">
                {card.relation === 'self'
                  ? t('tournaments.scorecard.signedMarkerToo')
                  : t('tournaments.scorecard.signedPlayerToo')}
              </p>
            ) : (
              <>
                {blocker ? (
                  <p className="small" data-testid="sign-missing">
                    {blocker}
                  </p>
                ) : null}
                <Button
                  block
                  variant={blocker ? 'secondary' : 'primary'}
                  disabled={Boolean(blocker)}
                  busy={busyFor === card.entryId}
                  onClick={() => onSign(card.entryId)}
                >
                  {card.relation === 'self'
                    ? t('tournaments.scorecard.signMine')
                    : t('tournaments.scorecard.countersign', { name: card.name })}
                </Button>
              </>
            )}
          </div>
        );
      })}
      <p className="small muted">{t('tournaments.scorecard.signingRule')}</p>
    </Card>
  );
}

/**
 * The whole card of my group: strokes per hole, points beside them in Stableford, and under the total each
 * player's playing handicap, net and points as the format counts them.
 */
function FullCard({
  format,
  view,
  cards,
  pending,
}: {
  format: TournamentFormat;
  view: TournamentCardsView;
  cards: TournamentCardView[];
  pending: PendingScores;
}) {
  const { t, language } = useLanguage();
  const shown = new Map(cards.map((card) => [card.entryId, shownCard(card, pending)]));
  const byId = new Map(cards.map((card) => [card.entryId, card]));
  const strokesOf = (entryId: string, hole: number) => shown.get(entryId)?.[hole - 1] ?? null;
  const totals = (entryId: string) => {
    const card = byId.get(entryId)!;
    const sums = cardTotals(view.holes, shown.get(entryId)!, card.strokesReceived);
    return sums.holesPlayed > 0 ? sums : null;
  };
  const footer: CardFooterRow[] = [
    {
      label: t('tournaments.scorecard.playingHandicapRow'),
      valueOf: (id) => formatStrokes(byId.get(id)!.playingHandicap),
    },
  ];
  if (format !== 'stroke_gross') footer.push({ label: t('rounds.card.net'), valueOf: (id) => totals(id)?.net ?? '' });
  if (ranksByPoints(format))
    footer.push({ label: t('rounds.card.points'), testId: 'points-total', valueOf: (id) => totals(id)?.points ?? '' });
  return (
    <CompactCard
      title={t('tournaments.scorecard.wholeCard')}
      label={t('tournaments.scorecard.strokesPerHole')}
      caption={t('tournaments.scorecard.strokesCaption')}
      holes={view.holes}
      players={cards.map((card) => ({ id: card.entryId, name: shownName(card.name, language) }))}
      strokesOf={strokesOf}
      pointsOf={
        ranksByPoints(format)
          ? (entryId, hole) => {
              const strokes = strokesOf(entryId, hole);
              const info = view.holes[hole - 1];
              const received = byId.get(entryId)?.strokesReceived[hole - 1] ?? 0;
              return strokes === null || !info ? null : stablefordPointsOn(info.par, received, strokes);
            }
          : undefined
      }
      footer={footer}
    />
  );
}
