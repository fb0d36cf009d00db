import { useState } from 'react';
import { Link } from 'wouter';
import type { HandicapRecordView } from '../../../../shared/schemas/handicap';
import type { PlaysWith } from '../../../../shared/values';
import { describeApiError } from '../../lib/api-error';
import { formatHandicapIndex } from '../../lib/handicap';
import { ROUTES } from '../../routes';
import { trpc } from '../../trpc';
import { Alert, Card, EmptyState, FormError, Page } from '../../ui';
import { WhenLoaded } from '../../ui/WhenLoaded';
import { useLanguage } from '../../i18n';
import { shownName } from '../../i18n/names';
import { teeLabel } from '../courses/format';
import { formatDate } from '../rounds/format';
import { IndexChart } from './IndexChart';
import { differentialText, indexPlayedOff, SCORES_SHOWN, scoreLink, scoreNotes } from './scores';

/**
 * The player's handicap record (decision 0419): the index they play off and the choice between the one
 * they entered and the calculated one, the calculated index and Low HI, the index over time, and the
 * newest scores. Large figures and dark text: it is read on the course, in sunlight.
 */
export default function HandicapScreen() {
  const { t } = useLanguage();
  const record = trpc.handicap.record.useQuery();
  return (
    <Page title={t('handicap.title')}>
      <WhenLoaded query={record} loading={t('handicap.loading')}>
        {(data) => (
          <>
            <PlaysOffCard record={data} />
            <FactsCard record={data} />
            <Card title={t('handicap.chart.title')}>
              <IndexChart history={data.history} />
            </Card>
            <ScoresCard record={data} />
          </>
        )}
      </WhenLoaded>
    </Page>
  );
}

function PlaysOffCard({ record }: { record: HandicapRecordView }) {
  const { t, language } = useLanguage();
  const utils = trpc.useUtils();
  // The button tapped shows as chosen at once (in the same render as the tap), the server's choice after;
  // a refusal puts the server's back. The figure above is always the server's.
  const [tapped, setTapped] = useState<PlaysWith | null>(null);
  const choose = trpc.handicap.setPlaysWith.useMutation({
    onSuccess: (answer) => utils.handicap.record.setData(undefined, answer),
    onSettled: () => setTapped(null),
  });
  const chosen: PlaysWith = tapped ?? record.playsWith;
  const played = indexPlayedOff(record);
  const options: { value: PlaysWith; label: string; index: number | null }[] = [
    { value: 'entered', label: t('handicap.entered'), index: record.enteredIndex },
    { value: 'calculated', label: t('handicap.calculated'), index: record.calculatedIndex },
  ];
  return (
    <Card className="hcp-hero" data-testid="plays-off">
      <p className="hcp-label">{t('handicap.playsOff')}</p>
      <p className="hcp-index" data-testid="index-played-off">
        {formatHandicapIndex(played.index, language)}
      </p>
      <p className="hcp-which">
        {played.which === 'calculated' ? t('handicap.playsOffCalculated') : t('handicap.playsOffEntered')}
      </p>
      {record.playsWith === 'calculated' && record.calculatedIndex === null ? (
        <Alert tone="info">
          <p>{t('handicap.calculatedNotYet')}</p>
        </Alert>
      ) : null}
      <fieldset className="hcp-choice">
        <legend>{t('handicap.choose')}</legend>
        {options.map((option) => (
          <label key={option.value} className="hcp-option">
            <input
              type="radio"
              name="playsWith"
              value={option.value}
              checked={chosen === option.value}
              disabled={choose.isPending}
              onChange={() => {
                setTapped(option.value);
                choose.mutate({ playsWith: option.value });
              }}
            />
            <span className="hcp-option-label">{option.label}</span>
            <span className={option.index === null ? 'hcp-option-value none' : 'hcp-option-value'}>
              {option.index === null ? t('handicap.noIndex') : formatHandicapIndex(option.index, language)}
            </span>
          </label>
        ))}
      </fieldset>
      <p className="small muted">{t('handicap.choiceHint')}</p>
      {choose.isSuccess ? (
        <Alert tone="success">
          <p>{t('handicap.saved', { index: formatHandicapIndex(indexPlayedOff(choose.data).index, language) })}</p>
        </Alert>
      ) : null}
      <FormError error={describeApiError(choose.error)} />
    </Card>
  );
}

function FactsCard({ record }: { record: HandicapRecordView }) {
  const { t, language } = useLanguage();
  return (
    <Card title={t('handicap.facts')}>
      <dl className="hcp-facts">
        <div>
          <dt>
            {t('handicap.calculatedIndex')}
            {record.calculatedIndex === null ? (
              <span className="hcp-fact-hint">{t('handicap.noCalculated')}</span>
            ) : null}
          </dt>
          <dd data-testid="calculated-index">
            <strong>{formatHandicapIndex(record.calculatedIndex, language)}</strong>
          </dd>
        </div>
        {record.lowIndex !== null ? (
          <div>
            <dt>
              {t('handicap.lowIndex')}
              <span className="hcp-fact-hint">{t('handicap.lowIndexHint')}</span>
            </dt>
            <dd data-testid="low-index">
              <strong>{formatHandicapIndex(record.lowIndex, language)}</strong>
            </dd>
          </div>
        ) : null}
        <div>
          <dt>
            {t('handicap.enteredIndex')}
            <Link href={ROUTES.account} className="hcp-fact-hint">
              {t('handicap.changeEntered')}
            </Link>
          </dt>
          <dd data-testid="entered-index">
            <strong>{formatHandicapIndex(record.enteredIndex, language)}</strong>
          </dd>
        </div>
      </dl>
      <p className="hcp-pcc" data-testid="pcc">
        {t('handicap.pcc')}
      </p>
    </Card>
  );
}

function ScoresCard({ record }: { record: HandicapRecordView }) {
  const { t, language } = useLanguage();
  const scores = record.scores.slice(0, SCORES_SHOWN);
  if (scores.length === 0) {
    return (
      <Card title={t('handicap.scores.title')}>
        <EmptyState
          title={t('handicap.scores.emptyTitle')}
          action={
            <Link href={ROUTES.rounds} className="btn secondary">
              {t('handicap.scores.toRounds')}
            </Link>
          }
        >
          <p>{t('handicap.scores.emptyHint')}</p>
        </EmptyState>
      </Card>
    );
  }
  return (
    <Card title={t('handicap.scores.title')}>
      <p className="small">{t('handicap.scores.intro')}</p>
      <ul className="list hcp-scores" aria-label={t('handicap.scores.list')}>
        {scores.map((score) => {
          const href = scoreLink(score);
          const notes = scoreNotes(score, record.scores, language);
          const body = (
            <>
              <span className="hcp-score-main">
                <strong className="hcp-score-date">{formatDate(score.playedOn, language)}</strong>
                <span className="hcp-score-where">
                  {t('handicap.scores.courseTee', {
                    course: score.course.name,
                    tee: teeLabel({ name: score.tee.name, color: null }, language),
                  })}
                </span>
                {score.tournament ? (
                  <span className="hcp-score-line">
                    {t('handicap.scores.tournament', { name: score.tournament.name })}
                  </span>
                ) : null}
                <span className="hcp-score-line">
                  {t('handicap.scores.adjustedGross', { value: score.adjustedGross })} ·{' '}
                  {t('handicap.scores.attestedBy', { name: shownName(score.attestedBy.name, language) })}
                </span>
                {notes.map((note) => (
                  <span key={note} className="hcp-score-line hcp-note" data-testid="score-note">
                    {note}
                  </span>
                ))}
              </span>
              <span className="hcp-score-side">
                <span className="hcp-diff-label">{t('handicap.scores.differential')}</span>
                <span className="hcp-diff" data-testid="differential">
                  {differentialText(score, language)}
                </span>
                {score.counting ? (
                  <span className="badge hcp-counting" data-testid="counting">
                    {t('handicap.scores.counting')}
                  </span>
                ) : null}
              </span>
            </>
          );
          return (
            <li key={score.id} data-testid="handicap-score" data-counting={score.counting}>
              {href ? (
                <Link href={href} className="item hcp-score">
                  {body}
                </Link>
              ) : (
                <div className="hcp-score">{body}</div>
              )}
            </li>
          );
        })}
      </ul>
    </Card>
  );
}
