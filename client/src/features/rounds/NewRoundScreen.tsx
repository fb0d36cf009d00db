import { useEffect, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { ROUTES } from '../../routes';
import { AlertList, Button, Page } from '../../ui';
import { CourseStep } from './wizard/CourseStep';
import { PlayersStep } from './wizard/PlayersStep';
import { ReviewStep } from './wizard/ReviewStep';
import { SetupStep } from './wizard/SetupStep';
import { clearWizardDraft, useWizard } from './wizard/useWizard';
import { useLanguage } from '../../i18n';
import { firstOpenStep, parseStep, STEPS, stepProblems, type WizardStep } from './wizard-state';

function stepUrl(step: WizardStep): string {
  return `${ROUTES.newRound}?steg=${step}`;
}

/**
 * The round wizard (decision 0502). The step is in the URL, so the back button walks back through
 * the steps; the draft is in sessionStorage, so a reload loses nothing.
 */
export default function NewRoundScreen() {
  const [state, dispatch] = useWizard();
  const [, navigate] = useLocation();
  const { t, language } = useLanguage();
  const wanted = parseStep(new URLSearchParams(useSearch()).get('steg'));
  const step = firstOpenStep(state, wanted);
  const index = STEPS.indexOf(step);
  const problems = stepProblems(state, step, language);
  const [attempted, setAttempted] = useState<WizardStep | null>(null);

  // A deep link or reload to a step whose earlier steps are not done lands on the first open one.
  useEffect(() => {
    if (step !== wanted) navigate(stepUrl(step), { replace: true });
  }, [step, wanted, navigate]);

  function next() {
    setAttempted(step);
    if (problems.length > 0 || index === STEPS.length - 1) return;
    setAttempted(null);
    navigate(stepUrl(STEPS[index + 1]!));
  }

  function startOver() {
    clearWizardDraft();
    dispatch({ type: 'reset', now: new Date() });
    navigate(stepUrl('bane'));
  }

  return (
    <Page title={t('rounds.wizard.title', { step: t(`rounds.wizard.steps.${step}`) })}>
      <ol className="steps" aria-label={t('rounds.wizard.stepOf', { step: index + 1, steps: STEPS.length })}>
        {STEPS.map((s, i) => (
          <li key={s} className={i < index ? 'done' : undefined} aria-current={i === index ? 'step' : undefined}>
            <span className="visually-hidden">{`${i + 1}. ${t(`rounds.wizard.steps.${s}`)}${i < index ? ` ${t('rounds.wizard.done')}` : ''}`}</span>
          </li>
        ))}
      </ol>
      <p className="small muted">{t('rounds.wizard.stepOf', { step: index + 1, steps: STEPS.length })}</p>
      {step === 'bane' ? <CourseStep state={state} dispatch={dispatch} /> : null}
      {step === 'oppsett' ? <SetupStep state={state} dispatch={dispatch} /> : null}
      {step === 'spillere' ? (
        <PlayersStep state={state} dispatch={dispatch} onDone={() => navigate(stepUrl('start'))} />
      ) : null}
      {step === 'start' ? (
        <ReviewStep
          state={state}
          onStarted={(roundId) => {
            clearWizardDraft();
            navigate(ROUTES.round(roundId), { replace: true });
          }}
        />
      ) : null}
      {attempted === step && problems.length > 0 ? <AlertList tone="error" lines={problems} /> : null}
      <div className="row between" style={{ marginTop: '1rem' }}>
        {index > 0 ? (
          <Button variant="secondary" onClick={() => navigate(stepUrl(STEPS[index - 1]!))}>
            {t('rounds.wizard.back')}
          </Button>
        ) : (
          <span />
        )}
        {step === 'bane' || step === 'oppsett' ? (
          <Button onClick={next} aria-disabled={problems.length > 0}>
            {t('rounds.wizard.next')}
          </Button>
        ) : null}
      </div>
      <p style={{ marginTop: '2rem' }}>
        <Button variant="link" onClick={startOver}>
          {t('rounds.wizard.startOver')}
        </Button>
      </p>
    </Page>
  );
}
