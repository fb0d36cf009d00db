import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useLocation, useParams, useSearch } from 'wouter';
import type { TournamentCardsView, TournamentCardView, TournamentView } from '../../../../shared/schemas/tournaments';
import { describeApiError } from '../../lib/api-error';
import { formatStrokes } from '../../lib/handicap';
import { ROUTES } from '../../routes';
import { useTRPC } from '../../trpc';
import { Alert, Button, Card, FormError, Loading, Page } from '../../ui';
import { CONNECTION_TEXT } from '../rounds/connection';
import { shownStrokes, type PendingScores } from '../rounds/pending-scores';
import { ScoreConflicts } from '../rounds/ScoreConflicts';
import { formatToPar, strokesReceivedText } from '../rounds/scorecard';
import { StrokeStepper } from '../rounds/StrokeStepper';
import { formatDate } from '../rounds/format';
import { HoleTable, StrokesCell } from '../rounds/HoleTable';
import { cardTotals, firstOpenHole, signatureText, signBlocker, totalsText } from './card';
import { currentRound, localToday, startText, STATUS_NAME } from './tournament';
import { useTournamentCards } from './useTournamentCards';
import './tournaments.css';

/**
 * The tournament scorecard (issue 15): my card and those of the players I mark, one hole at a time with
 * the round scorecard's one-thumb stepper; live while the tournament is played; signing my card and
 * countersigning my group's, with what is still missing said before the call.
 */
export default function TournamentCardScreen() {
  const { id = '', tid = '' } = useParams<{ id: string; tid: string }>();
  const trpc = useTRPC();
  const t = useQuery(trpc.tournaments.get.queryOptions({ organizationId: id, tournamentId: tid }));
  if (t.error) {
    return (
      <Page title="Scorekort">
        <Alert tone="error">
          <p>{describeApiError(t.error)?.message}</p>
        </Alert>
        <Link href={ROUTES.tournaments(id)}>Til turneringene</Link>
      </Page>
    );
  }
  if (!t.data) return <Loading text="Henter turneringen …" />;
  return <Scorecard t={t.data} />;
}

function Scorecard({ t }: { t: TournamentView }) {
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
  const back = <Link href={ROUTES.tournament(t.organizationId, t.id)}>Tilbake til turneringen</Link>;

  if (cards.error) {
    return (
      <Page title={`Scorekort – ${t.name}`}>
        <Alert tone="error">
          <p>{describeApiError(cards.error)?.message}</p>
        </Alert>
        {back}
      </Page>
    );
  }
  if (!cards.data) return <Loading text="Henter scorekortet …" />;
  const view = cards.data;
  // My card and my group's: an organizer's view of every card is on the tournament screen.
  const mine = view.cards.filter((c) => c.relation !== 'admin');
  const playedOn = rounds.find((r) => r.number === round)?.playedOn;

  return (
    <Page title={`Scorekort – ${t.name}`} wide>
      <p className="muted">
        Runde {round}
        {playedOn ? ` · ${formatDate(playedOn)}` : ''}
        {view.group ? ` · ${startText(view.group.startsAt, view.group.tee)}` : ''} · {back}
      </p>
      {rounds.length > 1 ? (
        <fieldset className="tabs" aria-label="Runde">
          {rounds.map((r) => (
            <button
              key={r.number}
              type="button"
              aria-pressed={r.number === round}
              onClick={() => navigate(`${location}?runde=${r.number}`, { replace: true })}
            >
              Runde {r.number}
            </button>
          ))}
        </fieldset>
      ) : null}
      {live ? (
        <p>
          <span className={`conn ${connection}`} role="status" aria-live="polite" data-testid="connection">
            {CONNECTION_TEXT[connection]}
          </span>
          {Object.keys(pending).length > 0 ? (
            <span className="small muted"> · {Object.keys(pending).length} slag venter på å bli lagret</span>
          ) : null}
        </p>
      ) : (
        <Alert tone="info">
          <p>
            {t.status === 'finished'
              ? 'Turneringen er ferdig. Kortene kan ikke endres.'
              : t.status === 'cancelled'
                ? 'Turneringen er avlyst.'
                : `Scorekortet åpnes når turneringen starter (nå: ${STATUS_NAME[t.status].toLowerCase()}).`}
          </p>
        </Alert>
      )}
      {mine.length === 0 ? (
        <Alert tone="info">
          <p>Du har ikke noe kort i denne runden: du er ikke påmeldt, eller står ikke i startlisten ennå.</p>
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
          <FullCard view={view} cards={mine} pending={pending} />
        </>
      )}
    </Page>
  );
}

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
  const [location, navigate] = useLocation();
  const params = new URLSearchParams(useSearch());
  const fromUrl = Number(params.get('hull'));
  const [initial] = useState(() => firstOpenHole(cards));
  const hole = fromUrl >= 1 && fromUrl <= 18 ? fromUrl : initial;
  const info = view.holes[hole - 1] ?? { hole, par: 4, strokeIndex: hole };
  // The hole (and the round) in the URL: a reload stays on it.
  const go = (h: number) => {
    const next = new URLSearchParams(params);
    next.set('hull', String(h));
    navigate(`${location}?${next.toString()}`, { replace: true });
  };
  return (
    <Card>
      <div className="holenav">
        <Button variant="secondary" disabled={hole <= 1} onClick={() => go(hole - 1)} aria-label="Forrige hull">
          ◀
        </Button>
        <div className="hole" aria-live="polite">
          <strong data-testid="hole-number">Hull {hole}</strong>
          <span className="small muted">
            Par {info.par} · indeks {info.strokeIndex}
          </span>
        </div>
        <Button variant="secondary" disabled={hole >= 18} onClick={() => go(hole + 1)} aria-label="Neste hull">
          ▶
        </Button>
      </div>
      {cards.map((card) => {
        const received = card.strokesReceived[hole - 1] ?? 0;
        const totals = cardTotals(view.holes, shownCard(card, pending), card.strokesReceived);
        return (
          <StrokeStepper
            key={card.entryId}
            name={card.name}
            hole={hole}
            par={info.par}
            strokes={shownStrokes(pending, card.entryId, hole, card.strokes[hole - 1] ?? null)}
            editable={editable && !card.locked}
            onScore={(strokes) => onScore(card.entryId, hole, strokes)}
            details={
              <>
                <div className="small muted">
                  {card.relation === 'self' ? 'Ditt kort' : 'Du er markør'} ·{' '}
                  <span className="dots" aria-hidden="true">
                    {received > 0 ? '•'.repeat(Math.min(received, 4)) : ''}
                  </span>{' '}
                  <span data-testid="strokes-received">{strokesReceivedText(received)}</span> · spillehcp{' '}
                  {formatStrokes(card.playingHandicap)}
                  {card.locked ? ' · låst' : ''}
                </div>
                <div className="small" data-testid="running-totals">
                  {totalsText(t.format, totals, formatToPar)}
                </div>
              </>
            }
          />
        );
      })}
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
  return (
    <Card title="Signering">
      <FormError error={describeApiError(error)} />
      {cards.map((card) => {
        const unsent = Object.values(pending).filter((p) => p.participantId === card.entryId).length;
        const blocker = signBlocker(card, shownCard(card, pending), unsent);
        const signedByMe = card.relation === 'self' ? card.signedByPlayer : card.signedByMarker;
        return (
          <div key={card.entryId} className="sign-box" data-testid="sign-card">
            <p>
              <strong>{card.relation === 'self' ? 'Ditt kort' : `${card.name} (du er markør)`}</strong>
              <br />
              <span className="small" data-testid="signature-state">
                {signatureText(card)}
              </span>
            </p>
            {card.locked ? (
              <p className="small">
                <span className="badge" data-testid="card-locked">
                  Låst
                </span>{' '}
                Kortet er levert. Bare en administrator kan låse det opp.
              </p>
            ) : !live ? null : signedByMe ? (
              <p className="small muted">
                Du har signert.{card.relation === 'self' ? ' Markøren må signere også.' : ' Spilleren må signere også.'}
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
                  {card.relation === 'self' ? 'Signer mitt kort' : `Signer som markør for ${card.name}`}
                </Button>
              </>
            )}
          </div>
        );
      })}
      <p className="small muted">
        Et kort er levert når både spilleren og markøren har signert. En endring før det fjerner signaturene.
      </p>
    </Card>
  );
}

function FullCard({
  view,
  cards,
  pending,
}: {
  view: TournamentCardsView;
  cards: TournamentCardView[];
  pending: PendingScores;
}) {
  return (
    <Card title="Hele kortet">
      <HoleTable label="Slag per hull" caption="Slag per hull og brutto" holes={view.holes} totals={['Brutto']}>
        {cards.map((card) => {
          const shown = shownCard(card, pending);
          const gross = shown.reduce<number>((s, x) => s + (x ?? 0), 0);
          return (
            <tr key={card.entryId}>
              <th scope="row">{card.name}</th>
              {shown.map((s, i) => (
                <StrokesCell key={i} strokes={s} received={card.strokesReceived[i] ?? 0} />
              ))}
              <td>{gross || ''}</td>
            </tr>
          );
        })}
      </HoleTable>
    </Card>
  );
}
