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
import {
  ballOfKey,
  cardBalls,
  countingBall,
  firstOpenHole,
  heldStrokes,
  shownCardStrokes,
  signatureText,
  signBlocker,
  totalsParts,
  type CardBall,
} from './card';
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
        {view.group ? ` · ${startText(view.group.startsAt, view.group.tee, tr)}` : ''} · {back}
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
                  players={mine.flatMap(cardBalls).map((b) => ({ id: b.key, name: shownName(b.name, language) }))}
                  strokesNow={(key, hole) => heldStrokes(view, key, hole)}
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

/** The strokes this phone shows on a hole of a ball: one waiting to be sent, else the server's. */
function shownOn(pending: PendingScores, ball: CardBall, hole: number): number | null {
  return shownStrokes(pending, ball.key, hole, ball.strokes[hole - 1] ?? null);
}

/** A card as this phone shows it: its balls, and hole by hole what counts (the better ball in four-ball). */
function shownCard(card: TournamentCardView, pending: PendingScores) {
  const balls = cardBalls(card);
  const byKey = new Map(balls.map((b) => [b.key, b]));
  const of = (key: string, hole: number) => {
    const ball = byKey.get(key);
    return ball ? shownOn(pending, ball, hole) : null;
  };
  return { balls, of, ...shownCardStrokes(balls, of) };
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
  onScore(key: string, hole: number, strokes: number | null): void;
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
  const holeCards = view.holes.map((h) => ({ hole: h.hole, par: h.par }));
  return (
    <Card>
      {cards.map((card) => {
        const shown = shownCard(card, pending);
        const fourBall = card.balls !== undefined;
        const whose =
          card.relation === 'self' ? tr('tournaments.scorecard.yourCard') : tr('tournaments.scorecard.youMark');
        const steppers = shown.balls.map((ball) => {
          const own = cardTotals(
            holeCards,
            HOLES.map((h) => shown.of(ball.key, h)),
            ball.strokesReceived,
          );
          const running = totalsParts(t.format, own, formatToPar, tr);
          return (
            <StrokeStepper
              key={ball.key}
              name={shownName(ball.name, language)}
              hole={hole}
              par={info.par}
              strokes={shown.of(ball.key, hole)}
              editable={editable && !card.locked}
              onScore={(strokes) => onScore(ball.key, hole, strokes)}
              score={
                <span data-testid="running-score" className={running.rest ? undefined : 'player-running-none'}>
                  {running.main}
                </span>
              }
              details={
                <>
                  <StrokesReceived received={ball.strokesReceived[hole - 1] ?? 0} />
                  {ball.players.length > 0 ? (
                    <div className="small team-players" data-testid="team-players">
                      {ball.players.map((name) => shownName(name, language)).join(', ')}
                    </div>
                  ) : null}
                  <div className="small muted">
                    {whose} ·{' '}
                    {tr('tournaments.scorecard.playingHandicap', { strokes: formatStrokes(ball.playingHandicap) })}
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
        });
        if (!fourBall) return steppers;
        // Four-ball: the team's name over its players' rows, its better ball under them.
        const best = cardTotals(holeCards, shown.strokes, shown.strokesReceived);
        const counting = countingBall(shown.balls, hole, shown.of);
        const countingName = shown.balls.find((b) => b.key === counting?.key)?.name;
        return (
          <section key={card.entryId} className="team-card" aria-label={shownName(card.name, language)}>
            <h3 className="team-name">{shownName(card.name, language)}</h3>
            {steppers}
            <p className="small better-ball" data-testid="better-ball">
              <strong>{tr('tournaments.scorecard.betterBall')}</strong>{' '}
              {totalsParts(t.format, best, formatToPar, tr).main}
              {countingName
                ? ` · ${tr('tournaments.scorecard.counts', { name: shownName(countingName, language) })}`
                : ''}
            </p>
          </section>
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
        const unsent = Object.values(pending).filter((p) => ballOfKey(p.participantId).entryId === card.entryId).length;
        const blocker = signBlocker(card, shownCard(card, pending).strokes, unsent, t);
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
 * The whole card of my group: a column per ball (each player's, or a one-ball team's; in four-ball each
 * team's better ball after its players), strokes per hole, points beside them in Stableford, and under the
 * total each column's playing handicap, net and points as the format counts them.
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
  const holeCards = view.holes.map((h) => ({ hole: h.hole, par: h.par }));
  // Each column: what it shows per hole, with the strokes received there, and its playing handicap.
  const columns = cards.flatMap((card) => {
    const shown = shownCard(card, pending);
    const balls = shown.balls.map((ball) => ({
      id: ball.key,
      name: shownName(ball.name, language),
      strokes: HOLES.map((h) => shown.of(ball.key, h)),
      received: ball.strokesReceived,
      playingHandicap: ball.playingHandicap as number | null,
    }));
    if (card.balls === undefined) return balls;
    return [
      ...balls,
      {
        id: `better:${card.entryId}`,
        name: t('rounds.card.betterBall', { side: shownName(card.name, language) }),
        strokes: shown.strokes,
        received: shown.strokesReceived,
        playingHandicap: null,
      },
    ];
  });
  const byId = new Map(columns.map((c) => [c.id, c]));
  const strokesOf = (id: string, hole: number) => byId.get(id)?.strokes[hole - 1] ?? null;
  const totals = (id: string) => {
    const column = byId.get(id)!;
    const sums = cardTotals(holeCards, column.strokes, column.received);
    return sums.holesPlayed > 0 ? sums : null;
  };
  const footer: CardFooterRow[] = [
    {
      label: t('tournaments.scorecard.playingHandicapRow'),
      valueOf: (id) => {
        const ph = byId.get(id)?.playingHandicap ?? null;
        return ph === null ? '' : formatStrokes(ph);
      },
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
      players={columns.map((c) => ({ id: c.id, name: c.name }))}
      strokesOf={strokesOf}
      pointsOf={
        ranksByPoints(format)
          ? (id, hole) => {
              const strokes = strokesOf(id, hole);
              const info = view.holes[hole - 1];
              const received = byId.get(id)?.received[hole - 1] ?? 0;
              return strokes === null || !info ? null : stablefordPointsOn(info.par, received, strokes);
            }
          : undefined
      }
      footer={footer}
    />
  );
}
