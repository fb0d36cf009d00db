import { Link } from 'wouter';
import { formatHandicapIndex, formatStrokes } from '../../../lib/handicap';
import { ROUTES } from '../../../routes';
import { trpc } from '../../../trpc';
import { ApiErrorAlert, Button, Card, Loading } from '../../../ui';
import { courseTitle, teeLabel } from '../../courses/format';
import { roundAllowanceText, formatDate } from '../format';
import type { WizardState } from '../wizard-state';
import { ROUND_FORMAT_LABELS, ROUND_HOLES_LABELS } from '../../../../../shared/values';
import { useLanguage } from '../../../i18n';

/**
 * Step 4: the round as the server has it, with each player's handicaps as the server computed them, and a
 * one-ball side's team handicap.
 */
export function ReviewStep({ state, onStarted }: { state: WizardState; onStarted(roundId: string): void }) {
  const { t, language } = useLanguage();
  const roundId = state.roundId ?? '';
  const round = trpc.rounds.get.useQuery({ roundId }, { enabled: state.roundId !== null });
  if (!state.roundId) return null;
  if (round.isPending) return <Loading text={t('rounds.loadingRound')} />;
  if (round.error) return <ApiErrorAlert error={round.error} />;
  const view = round.data;
  const match = view.format === 'match';
  return (
    <div>
      <Card title={courseTitle(view.course)}>
        <p>
          {formatDate(view.playedOn, language)} · {t('rounds.tee', { tee: teeLabel(view.tee, language) })} ·{' '}
          {ROUND_FORMAT_LABELS[language][view.format]} · {ROUND_HOLES_LABELS[language][view.holes]}
        </p>
        <p className="small muted" data-testid="allowance">
          {roundAllowanceText(view, language)} {t('rounds.wizard.review.locksAtFirst')}
        </p>
      </Card>
      {view.sides.map((side) => (
        <Card key={side.id} title={side.name}>
          {/* Narrow headings that may wrap: the table fits a 390 px phone, so nothing scrolls sideways. */}
          <table className="totals handicaps" data-testid="review-side">
            <thead>
              <tr>
                <th scope="col">{t('rounds.wizard.review.player')}</th>
                <th scope="col">{t('rounds.wizard.review.index')}</th>
                <th scope="col">{t('rounds.wizard.review.courseHandicap')}</th>
                {/* A one-ball side plays off one team handicap, shown under its players instead. */}
                {side.ball ? null : <th scope="col">{t('rounds.wizard.review.playingHandicap')}</th>}
                {match ? <th scope="col">{t('rounds.wizard.review.matchStrokes')}</th> : null}
              </tr>
            </thead>
            <tbody>
              {side.participants.map((p) => (
                <tr key={p.id}>
                  <th scope="row">
                    {p.name}
                    {p.isGuest ? ` ${t('rounds.wizard.review.guest')}` : ''}
                  </th>
                  <td>{formatHandicapIndex(p.handicapIndex, language)}</td>
                  <td>{formatStrokes(p.courseHandicap)}</td>
                  {side.ball ? null : <td data-testid="playing-handicap">{formatStrokes(p.playingHandicap)}</td>}
                  {match ? <td>{formatStrokes(p.matchHandicap)}</td> : null}
                </tr>
              ))}
            </tbody>
          </table>
          {side.ball ? (
            <p data-testid="team-handicap">
              {t('rounds.card.teamHandicap')}: <strong>{formatStrokes(side.ball.playingHandicap)}</strong>
            </p>
          ) : null}
        </Card>
      ))}
      <Button block onClick={() => onStarted(view.id)}>
        {t('rounds.wizard.review.start')}
      </Button>
      <p className="small muted" style={{ marginTop: '0.75rem' }}>
        {t('rounds.wizard.review.alsoUnder')} <Link href={ROUTES.rounds}>{t('rounds.title')}</Link>.
      </p>
    </div>
  );
}
