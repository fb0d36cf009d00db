import { useState } from 'react';
import { Link, useLocation, useParams, useSearch } from 'wouter';
import type { ParticipantView, RoundView } from '../../../../shared/schemas/rounds';
import { describeApiError } from '../../lib/api-error';
import { formatHandicapIndex, formatStrokes } from '../../lib/handicap';
import { ROUTES } from '../../routes';
import { useSession } from '../../session/useSession';
import { Alert, Button, Card, FormError, Loading, Page } from '../../ui';
import { shownStrokes, type PendingScores } from './pending-scores';
import { ScoreConflicts } from './ScoreConflicts';
import { canScore, firstOpenHole, formatToPar, standingText, strokesReceivedText } from './scorecard';
import { courseTitle, formatDate } from './format';
import { HoleTable, StrokesCell } from './HoleTable';
import { ConnectionLine } from './ConnectionLine';
import { serverStrokes } from './pending-scores';
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
        {formatDate(view.playedOn)} · {FORMAT_NAME[view.format]} · {HOLES_NAME[view.holes]} · tee {view.tee.name}
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
            <Finish onFinish={() => finish.mutate({ roundId: view.id })} busy={finish.isPending} error={finish.error} />
          ) : null}
        </div>
      </div>
      <FullCard view={view} pending={pending} />
    </Page>
  );
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
  // The hole is in the URL: a reload stays on it, and it can be shared with a playing partner.
  const go = (h: number) => navigate(`${location}?hull=${h}`, { replace: true });
  const players = view.sides.flatMap((s) => s.participants);

  return (
    <Card>
      <div className="holenav">
        <Button variant="secondary" disabled={i <= 0} onClick={() => go(holes[i - 1]!)} aria-label="Forrige hull">
          ◀
        </Button>
        <div className="hole" aria-live="polite">
          <strong data-testid="hole-number">Hull {hole}</strong>
          <span className="small muted">
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
      {players.map((p) => (
        <PlayerHole
          key={p.id}
          player={p}
          hole={hole}
          par={card.par}
          pending={pending}
          editable={editable}
          onScore={onScore}
        />
      ))}
    </Card>
  );
}

function PlayerHole({
  player,
  hole,
  par,
  pending,
  editable,
  onScore,
}: {
  player: ParticipantView;
  hole: number;
  par: number;
  pending: PendingScores;
  editable: boolean;
  onScore(participantId: string, hole: number, strokes: number | null): void;
}) {
  const score = player.holes.find((h) => h.hole === hole)!;
  const received = score.strokesReceived;
  return (
    <StrokeStepper
      name={player.name}
      hole={hole}
      par={par}
      strokes={shownStrokes(pending, player.id, hole, score.strokes)}
      editable={editable}
      onScore={(strokes) => onScore(player.id, hole, strokes)}
      details={
        <>
          <div className="small muted">
            <span className="dots" aria-hidden="true">
              {received > 0 ? '•'.repeat(Math.min(received, 4)) : ''}
            </span>{' '}
            <span data-testid="strokes-received">{strokesReceivedText(received)}</span> ·{' '}
            {player.matchHandicap !== null
              ? `slag i matchen ${formatStrokes(player.matchHandicap)}`
              : `spillehcp ${formatStrokes(player.playingHandicap)}`}
          </div>
          <div className="small" data-testid="running-totals">
            {player.totals.holesPlayed === 0
              ? 'Ingen slag ennå'
              : `Brutto ${player.totals.gross} (${formatToPar(player.totals.grossToPar)}) · netto ${player.totals.net} (${formatToPar(player.totals.netToPar)}) · ${player.totals.stablefordPoints} poeng`}
          </div>
        </>
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
      <p className="small muted">
        Handicaptillegg {view.allowancePercent} %{view.handicapsFrozen ? ' · handicap låst ved første slag' : ''}.
      </p>
    </Card>
  );
}

function Finish({ onFinish, busy, error }: { onFinish(): void; busy: boolean; error: unknown }) {
  const [sure, setSure] = useState(false);
  return (
    <Card title="Avslutt runden">
      <FormError error={describeApiError(error)} />
      {sure ? (
        <>
          <p>Når runden er avsluttet, kan ingen endre slagene.</p>
          <div className="row">
            <Button variant="danger" busy={busy} onClick={onFinish}>
              Ja, avslutt runden
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

function FullCard({ view, pending }: { view: RoundView; pending: PendingScores }) {
  const players = view.sides.flatMap((s) => s.participants);
  return (
    <Card title="Scorekort">
      <HoleTable
        label="Scorekort, slag per hull"
        caption="Slag per hull og totaler"
        holes={view.card}
        totals={['Brutto', 'Netto', 'Poeng']}
      >
        {players.map((p) => (
          <tr key={p.id}>
            <th scope="row">{p.name}</th>
            {p.holes.map((h) => (
              <StrokesCell
                key={h.hole}
                strokes={shownStrokes(pending, p.id, h.hole, h.strokes)}
                received={h.strokesReceived}
              />
            ))}
            <td>{p.totals.gross || ''}</td>
            <td>{p.totals.holesPlayed ? p.totals.net : ''}</td>
            <td>{p.totals.holesPlayed ? p.totals.stablefordPoints : ''}</td>
          </tr>
        ))}
      </HoleTable>
    </Card>
  );
}
