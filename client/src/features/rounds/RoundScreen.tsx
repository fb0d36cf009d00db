import { useEffect, useMemo, useRef, useState } from 'react';
import { Link, useLocation, useParams, useSearch } from 'wouter';
import type { RoundView } from '../../../../shared/schemas/rounds';
import { describeApiError } from '../../lib/api-error';
import { formatHandicapIndex, formatStrokes } from '../../lib/handicap';
import { ROUTES } from '../../routes';
import { useUserId } from '../../session/useSession';
import { Alert, Button, Card, ErrorPage, FormError, Loading, Page } from '../../ui';
import { serverStrokes, shownStrokes, type PendingScores } from '../scorecard/pending-scores';
import { ScoreConflicts } from '../scorecard/ScoreConflicts';
import {
  ballRows,
  betterBallOn,
  canScore,
  cardTotals,
  everyoneScored,
  firstOpenHole,
  formatToPar,
  holeListText,
  missingHoles,
  showsBetterBall,
  standingText,
  type BallRow,
} from '../scorecard/scorecard';
import { courseTitle, teeLabel } from '../courses/format';
import { roundAllowanceText, formatDate, withShownNames } from './format';
import { HoleBar } from '../scorecard/HoleBar';
import { ScoreCard } from '../scorecard/ScoreCard';
import { ConnectionLine } from '../scorecard/ConnectionLine';
import { ShareRound } from './ShareRound';
import { AttestCards } from './AttestCards';
import { StrokeStepper, StrokesReceived } from '../scorecard/StrokeStepper';
import { useLiveRound } from './useLiveRound';
import { formatDateTime } from '../../../../shared/format/dates';
import { ROUND_FORMAT_LABELS, ROUND_HOLES_LABELS, ROUND_SCORING } from '../../../../shared/values';
import { useLanguage } from '../../i18n';
import { STORAGE_KEYS } from '../../offline/storage-names';

/** The scorecard: live while open, a read-only summary once finished. */
export default function RoundScreen() {
  const { id = '' } = useParams<{ id: string }>();
  const { round, connection, pending, conflicts, dismissConflict, send, scoreError, finish } = useLiveRound(id);
  const userId = useUserId();
  const { t, language } = useLanguage();
  const shown = useMemo(() => round.data && withShownNames(round.data, language), [round.data, language]);

  if (round.isPending) return <Loading text={t('rounds.loadingRound')} />;
  if (round.error) {
    return (
      <ErrorPage title={t('rounds.round')} error={round.error}>
        <Link href={ROUTES.rounds}>{t('rounds.toRounds')}</Link>
      </ErrorPage>
    );
  }
  const view = shown!;
  const editable = canScore(view, userId);
  return (
    <Page title={courseTitle(view.course)} wide>
      <p className="muted">
        {formatDate(view.playedOn, language)} · {ROUND_FORMAT_LABELS[language][view.format]} ·{' '}
        {ROUND_HOLES_LABELS[language][view.holes]} · {t('rounds.tee', { tee: teeLabel(view.tee, language) })}
        {view.status === 'finished' ? (
          <>
            {' '}
            · <span className="badge gray">{t('rounds.finished')}</span>
          </>
        ) : null}
      </p>
      {view.status === 'open' ? <ConnectionLine connection={connection} waiting={Object.keys(pending).length} /> : null}
      <div className="grid-cols">
        <div>
          {view.status === 'open' ? (
            <ScoreConflicts
              players={ballRows(view)}
              strokesNow={(id, hole) => serverStrokes(view, id, hole)}
              conflicts={conflicts}
              onDismiss={dismissConflict}
            />
          ) : null}
          {view.status === 'open' ? (
            <HoleEntry view={view} pending={pending} editable={editable} onScore={send} />
          ) : (
            <Alert tone="info">
              <p>
                {view.finishedAt
                  ? t('rounds.finishedAt', {
                      at: formatDateTime(new Date(view.finishedAt), language),
                    })
                  : t('rounds.finishedNoTime')}
              </p>
            </Alert>
          )}
          {scoreError ? (
            <Alert tone="error">
              <p>{scoreError}</p>
            </Alert>
          ) : null}
          {/* Once finished, attesting is what the players come back for: first, under the notice. */}
          <AttestCards view={view} userId={userId} />
        </div>
        <div>
          <Standings view={view} waiting={Object.keys(pending).length} />
          <ShareRound view={view} owner={view.ownerUserId === userId} />
          {view.status === 'open' && view.ownerUserId === userId ? (
            <Finish
              view={view}
              pending={pending}
              onFinish={() => finish.mutate({ roundId: view.id })}
              busy={finish.isPending}
              error={finish.error}
            />
          ) : null}
        </div>
      </div>
      <ScoreCard view={view} pending={pending} />
      {view.status === 'open' ? <div className="holebar-space" /> : null}
    </Page>
  );
}

/** Whether the scorecard moves to the next hole once everyone has a score: the golfer's choice, kept. */
const AUTO_ADVANCE_KEY = STORAGE_KEYS.autoAdvance;
/** Long enough to see the number, or tap once more to correct it, before the next hole shows. */
const AUTO_ADVANCE_MS = 1500;

function useAutoAdvanceChoice(): [boolean, (on: boolean) => void] {
  const [on, setOn] = useState(() => window.localStorage.getItem(AUTO_ADVANCE_KEY) === 'on');
  return [
    on,
    (next) => {
      window.localStorage.setItem(AUTO_ADVANCE_KEY, next ? 'on' : 'off');
      setOn(next);
    },
  ];
}

function HoleEntry({
  view,
  pending,
  editable,
  onScore,
}: {
  view: RoundView;
  pending: PendingScores;
  editable: boolean;
  onScore(participantId: string, hole: number, strokes: number | null): void;
}) {
  const [location, navigate] = useLocation();
  const { t } = useLanguage();
  const params = new URLSearchParams(useSearch());
  const holes = view.card.map((c) => c.hole);
  const fromUrl = Number(params.get('hull'));
  const [initial] = useState(() => firstOpenHole(view));
  const hole = holes.includes(fromUrl) ? fromUrl : initial;
  const card = view.card.find((c) => c.hole === hole)!;
  const i = holes.indexOf(hole);
  // One row per ball: each player's own, or a one-ball side's (decision 0424).
  const players = ballRows(view);
  const [autoAdvance, setAutoAdvance] = useAutoAdvanceChoice();
  const advance = useRef<ReturnType<typeof setTimeout> | null>(null);
  const cancelAdvance = () => {
    if (advance.current) clearTimeout(advance.current);
    advance.current = null;
  };
  // Leaving the scorecard drops a pending move (the ref holds the one timer there is).
  useEffect(
    () => () => {
      if (advance.current) clearTimeout(advance.current);
    },
    [],
  );
  // The hole is in the URL: a reload stays on it, and it can be shared with a playing partner.
  const go = (h: number) => {
    cancelAdvance();
    navigate(`${location}?hull=${h}`, { replace: true });
  };
  const strokesOf = (id: string, h: number) => shownStrokes(pending, id, h, serverStrokes(view, id, h));

  function score(participantId: string, strokes: number | null) {
    onScore(participantId, hole, strokes);
    const next = holes[i + 1];
    // Once this score gives everyone a score on the hole, move on, a moment later; another tap on the
    // same hole (a correction) starts the moment again.
    const after = (id: string, h: number) => (id === participantId && h === hole ? strokes : strokesOf(id, h));
    if (autoAdvance && next !== undefined && (advance.current || everyoneScored(players, hole, after))) {
      cancelAdvance();
      if (everyoneScored(players, hole, after)) advance.current = setTimeout(() => go(next), AUTO_ADVANCE_MS);
    }
  }

  return (
    <Card>
      {view.sides.map((side) => (
        <div key={side.id}>
          {players
            .filter((p) => p.sideId === side.id)
            .map((p) => (
              <PlayerHole
                key={p.id}
                player={p}
                format={view.format}
                hole={hole}
                par={card.par}
                shownOn={(h) => strokesOf(p.id, h)}
                editable={editable}
                onScore={(strokes) => score(p.id, strokes)}
              />
            ))}
          {showsBetterBall(view.format) ? (
            <BetterBall view={view} rows={players} sideId={side.id} strokesOf={strokesOf} />
          ) : null}
        </div>
      ))}
      {editable ? (
        <label className="checkbox small">
          <input type="checkbox" checked={autoAdvance} onChange={(e) => setAutoAdvance(e.target.checked)} />
          {t('rounds.hole.autoAdvance')}
        </label>
      ) : null}
      <HoleBar
        holes={holes}
        hole={hole}
        par={card.par}
        strokeIndex={card.strokeIndex}
        lengthMeters={card.lengthMeters}
        onGo={go}
      />
    </Card>
  );
}

/**
 * One player on this hole, short: name, strokes received here, the stepper, and the running score. The
 * running score counts the strokes this phone shows, a score waiting in the outbox too: offline, the row
 * agrees with the stepper instead of saying "no strokes yet" beside a 4.
 */
function PlayerHole({
  player,
  format,
  hole,
  par,
  shownOn,
  editable,
  onScore,
}: {
  /** A player's ball, or a one-ball side's (named by the side). */
  player: BallRow;
  format: RoundView['format'];
  hole: number;
  par: number;
  /** The strokes this phone shows on a hole of the player's: the server's, or one waiting to be sent. */
  shownOn(hole: number): number | null;
  editable: boolean;
  onScore(strokes: number | null): void;
}) {
  const { t } = useLanguage();
  const received = player.holes.find((h) => h.hole === hole)!.strokesReceived;
  const strokes = shownOn(hole);
  const totals = cardTotals(
    player.holes,
    player.holes.map((h) => shownOn(h.hole)),
    player.holes.map((h) => h.strokesReceived),
  );
  return (
    <StrokeStepper
      name={player.name}
      hole={hole}
      par={par}
      strokes={strokes}
      editable={editable}
      onScore={onScore}
      score={
        <span data-testid="running-totals" className={totals.holesPlayed === 0 ? 'player-running-none' : undefined}>
          {totals.holesPlayed === 0
            ? t('rounds.hole.noStrokesYet')
            : ROUND_SCORING[format] === 'stableford'
              ? t('rounds.hole.points', { count: totals.points })
              : t('rounds.hole.net', { toPar: formatToPar(totals.netToPar) })}
        </span>
      }
      details={<StrokesReceived received={received} />}
    />
  );
}

/**
 * Four-ball: the side's better ball under its players' rows, over the holes played so far (each hole's
 * best net, or best points, a lone ball counting alone), from the strokes this phone shows.
 */
function BetterBall({
  view,
  rows,
  sideId,
  strokesOf,
}: {
  view: RoundView;
  rows: readonly BallRow[];
  sideId: string;
  strokesOf(id: string, hole: number): number | null;
}) {
  const { t } = useLanguage();
  const best = view.card.flatMap((c) => {
    const on = betterBallOn(rows, sideId, c.hole, strokesOf);
    return on ? [{ ...on, par: c.par }] : [];
  });
  const side = view.sides.find((s) => s.id === sideId)!;
  const score =
    best.length === 0
      ? t('rounds.hole.noStrokesYet')
      : ROUND_SCORING[view.format] === 'stableford'
        ? t('rounds.hole.points', { count: best.reduce((sum, b) => sum + b.points, 0) })
        : t('rounds.hole.net', { toPar: formatToPar(best.reduce((sum, b) => sum + b.net - b.par, 0)) });
  return (
    <p className="small better-ball" data-testid="better-ball">
      <strong>{side.name}</strong> · {t('rounds.hole.betterBall', { score })}
    </p>
  );
}

/**
 * The sides' standings, as the server ranks them (four-ball, match play): a score still waiting to be sent
 * is not in them yet, and the card says so rather than show an older standing as the current one.
 */
function Standings({ view, waiting }: { view: RoundView; waiting: number }) {
  const { t, language } = useLanguage();
  return (
    <Card title={view.status === 'finished' ? t('rounds.standing.result') : t('rounds.standing.standing')}>
      <ul className="list" aria-label={t('rounds.standing.standing')}>
        {view.sides.map((side) => (
          <li key={side.id} data-testid="standing">
            <div className="row between">
              <strong>{side.name}</strong>
              <span>{standingText(side.standing, language)}</span>
            </div>
            <div className="small muted">
              {side.ball
                ? `${side.participants.map((p) => p.name).join(', ')} · ${t('rounds.standing.teamHandicap', {
                    playing: formatStrokes(side.ball.playingHandicap),
                  })}`
                : side.participants
                    .map((p) =>
                      t('rounds.standing.handicaps', {
                        name: p.name,
                        index: formatHandicapIndex(p.handicapIndex, language),
                        playing: formatStrokes(p.playingHandicap),
                      }),
                    )
                    .join(', ')}
            </div>
          </li>
        ))}
      </ul>
      {waiting > 0 ? (
        <p className="small muted" data-testid="standings-waiting">
          {t('rounds.standing.waiting')}
        </p>
      ) : null}
      <p className="small muted" data-testid="allowance">
        {roundAllowanceText(view, language)}
        {view.handicapsFrozen ? ` ${t('rounds.standing.frozen')}` : ''}
      </p>
    </Card>
  );
}

function Finish({
  view,
  pending,
  onFinish,
  busy,
  error,
}: {
  view: RoundView;
  pending: PendingScores;
  onFinish(): void;
  busy: boolean;
  error: unknown;
}) {
  const { t, language } = useLanguage();
  const [sure, setSure] = useState(false);
  const missing = missingHoles(view.card, ballRows(view), (id, h) =>
    shownStrokes(pending, id, h, serverStrokes(view, id, h)),
  );
  return (
    <Card title={t('rounds.finish.title')}>
      <FormError error={describeApiError(error)} />
      {sure ? (
        <>
          {missing.length > 0 ? (
            <div role="alert" data-testid="missing-holes">
              <p>
                <strong>{t('rounds.finish.missing')}</strong>
              </p>
              <ul>
                {missing.map((m) => (
                  <li key={m.name}>
                    {t(m.holes.length === 1 ? 'rounds.finish.hole' : 'rounds.finish.holes', {
                      name: m.name,
                      holes: holeListText(m.holes, language),
                    })}
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
          <p>{t('rounds.finish.final')}</p>
          <div className="row">
            <Button variant="danger" busy={busy} onClick={onFinish}>
              {missing.length > 0 ? t('rounds.finish.anyway') : t('rounds.finish.confirm')}
            </Button>
            <Button variant="link" onClick={() => setSure(false)}>
              {t('rounds.finish.cancel')}
            </Button>
          </div>
        </>
      ) : (
        <Button variant="secondary" onClick={() => setSure(true)}>
          {t('rounds.finish.title')}
        </Button>
      )}
    </Card>
  );
}
