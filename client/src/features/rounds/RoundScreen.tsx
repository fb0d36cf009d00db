import { useEffect, useRef, useState } from 'react';
import { Link, useLocation, useParams, useSearch } from 'wouter';
import type { ParticipantView, RoundView } from '../../../../shared/schemas/rounds';
import { describeApiError } from '../../lib/api-error';
import { formatHandicapIndex, formatStrokes } from '../../lib/handicap';
import { ROUTES } from '../../routes';
import { useSession } from '../../session/useSession';
import { Alert, Button, Card, FormError, Loading, Page } from '../../ui';
import { serverStrokes, shownStrokes, type PendingScores } from './pending-scores';
import { ScoreConflicts } from './ScoreConflicts';
import {
  canScore,
  everyoneScored,
  firstOpenHole,
  formatToPar,
  holeListText,
  missingHoles,
  standingText,
  strokesReceivedText,
} from './scorecard';
import { allowanceText, courseTitle, formatDate, teeLabel } from './format';
import { ScoreCard } from './ScoreCard';
import { ConnectionLine } from './ConnectionLine';
import { ShareRound } from './ShareRound';
import { StrokeStepper } from './StrokeStepper';
import { useLiveRound } from './useLiveRound';
import { FORMAT_NAME, HOLES_NAME } from './wizard-state';

/** The scorecard (issue 8): live while open, a read-only summary once finished. */
export default function RoundScreen() {
  const { id = '' } = useParams<{ id: string }>();
  const { round, connection, pending, conflicts, dismissConflict, send, scoreError, finish } = useLiveRound(id);
  const session = useSession();
  const userId = session.status === 'full' ? session.user.id : '';

  if (round.isPending) return <Loading text="Henter runden …" />;
  if (round.error) {
    return (
      <Page title="Runde">
        <Alert tone="error">
          <p>{describeApiError(round.error)?.message}</p>
        </Alert>
        <Link href={ROUTES.rounds}>Til rundene</Link>
      </Page>
    );
  }
  const view = round.data;
  const editable = canScore(view, userId);
  return (
    <Page title={courseTitle(view.course)} wide>
      <p className="muted">
        {formatDate(view.playedOn)} · {FORMAT_NAME[view.format]} · {HOLES_NAME[view.holes]} · tee {teeLabel(view.tee)}
        {view.status === 'finished' ? (
          <>
            {' '}
            · <span className="badge gray">Avsluttet</span>
          </>
        ) : null}
      </p>
      {view.status === 'open' ? <ConnectionLine connection={connection} waiting={Object.keys(pending).length} /> : null}
      <div className="grid-cols">
        <div>
          {view.status === 'open' ? (
            <ScoreConflicts
              players={view.sides.flatMap((s) => s.participants)}
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
                Runden er avsluttet
                {view.finishedAt
                  ? ` ${new Date(view.finishedAt).toLocaleString('nb-NO', { dateStyle: 'medium', timeStyle: 'short' })}`
                  : ''}
                . Resultatene kan ikke endres.
              </p>
            </Alert>
          )}
          {scoreError ? (
            <Alert tone="error">
              <p>{scoreError}</p>
            </Alert>
          ) : null}
        </div>
        <div>
          <Standings view={view} />
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
const AUTO_ADVANCE_KEY = 'golfkortet.autoAdvance';
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
  const params = new URLSearchParams(useSearch());
  const holes = view.card.map((c) => c.hole);
  const fromUrl = Number(params.get('hull'));
  const [initial] = useState(() => firstOpenHole(view));
  const hole = holes.includes(fromUrl) ? fromUrl : initial;
  const card = view.card.find((c) => c.hole === hole)!;
  const i = holes.indexOf(hole);
  const players = view.sides.flatMap((s) => s.participants);
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
      {players.map((p) => (
        <PlayerHole
          key={p.id}
          player={p}
          format={view.format}
          hole={hole}
          par={card.par}
          strokes={strokesOf(p.id, hole)}
          editable={editable}
          onScore={(strokes) => score(p.id, strokes)}
        />
      ))}
      {editable ? (
        <label className="checkbox small">
          <input type="checkbox" checked={autoAdvance} onChange={(e) => setAutoAdvance(e.target.checked)} />
          Gå til neste hull når alle har slag
        </label>
      ) : null}
      <nav className="holebar" aria-label="Hull">
        <div className="holebar-inner">
          <Button variant="secondary" disabled={i <= 0} onClick={() => go(holes[i - 1]!)} aria-label="Forrige hull">
            ◀
          </Button>
          <div className="hole" aria-live="polite">
            <strong data-testid="hole-number">Hull {hole}</strong>
            <span className="small">
              Par {card.par} · indeks {card.strokeIndex}
              {card.lengthMeters ? ` · ${card.lengthMeters} m` : ''}
            </span>
          </div>
          <Button
            variant="secondary"
            disabled={i >= holes.length - 1}
            onClick={() => go(holes[i + 1]!)}
            aria-label="Neste hull"
          >
            ▶
          </Button>
        </div>
      </nav>
    </Card>
  );
}

/** One player on this hole, short: name, strokes received here, the stepper, and the running score. */
function PlayerHole({
  player,
  format,
  hole,
  par,
  strokes,
  editable,
  onScore,
}: {
  player: ParticipantView;
  format: RoundView['format'];
  hole: number;
  par: number;
  strokes: number | null;
  editable: boolean;
  onScore(strokes: number | null): void;
}) {
  const received = player.holes.find((h) => h.hole === hole)!.strokesReceived;
  const { totals } = player;
  return (
    <StrokeStepper
      name={player.name}
      hole={hole}
      par={par}
      strokes={strokes}
      editable={editable}
      onScore={onScore}
      details={
        <div className="small">
          <span className="dots" aria-hidden="true">
            {received > 0 ? '•'.repeat(Math.min(received, 4)) : ''}
          </span>{' '}
          <span data-testid="strokes-received">{strokesReceivedText(received)}</span>
          {' · '}
          <span data-testid="running-totals">
            {totals.holesPlayed === 0
              ? 'ingen slag ennå'
              : format === 'stableford'
                ? `${totals.stablefordPoints}\u00a0poeng`
                : `netto\u00a0${formatToPar(totals.netToPar)}`}
          </span>
        </div>
      }
    />
  );
}

function Standings({ view }: { view: RoundView }) {
  return (
    <Card title={view.status === 'finished' ? 'Resultat' : 'Stilling'}>
      <ul className="list" aria-label="Stilling">
        {view.sides.map((side) => (
          <li key={side.id} data-testid="standing">
            <div className="row between">
              <strong>{side.name}</strong>
              <span>{standingText(side.standing)}</span>
            </div>
            <div className="small muted">
              {side.participants
                .map(
                  (p) =>
                    `${p.name} (hcp ${formatHandicapIndex(p.handicapIndex)}, spillehcp ${formatStrokes(p.playingHandicap)})`,
                )
                .join(', ')}
            </div>
          </li>
        ))}
      </ul>
      <p className="small muted" data-testid="allowance">
        {allowanceText(view.allowancePercent)}
        {view.handicapsFrozen ? ' Handicapene ble låst ved første slag.' : ''}
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
  const [sure, setSure] = useState(false);
  const missing = missingHoles(
    view.card,
    view.sides.flatMap((s) => s.participants),
    (id, h) => shownStrokes(pending, id, h, serverStrokes(view, id, h)),
  );
  return (
    <Card title="Avslutt runden">
      <FormError error={describeApiError(error)} />
      {sure ? (
        <>
          {missing.length > 0 ? (
            <div role="alert" data-testid="missing-holes">
              <p>
                <strong>Noen hull mangler slag:</strong>
              </p>
              <ul>
                {missing.map((m) => (
                  <li key={m.name}>
                    {m.name}: {m.holes.length === 1 ? 'hull' : 'hullene'} {holeListText(m.holes)}
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
          <p>Når runden er avsluttet, kan ingen endre slagene.</p>
          <div className="row">
            <Button variant="danger" busy={busy} onClick={onFinish}>
              {missing.length > 0 ? 'Avslutt likevel' : 'Ja, avslutt runden'}
            </Button>
            <Button variant="link" onClick={() => setSure(false)}>
              Avbryt
            </Button>
          </div>
        </>
      ) : (
        <Button variant="secondary" onClick={() => setSure(true)}>
          Avslutt runden
        </Button>
      )}
    </Card>
  );
}
