import { useState, type Dispatch } from 'react';
import { trpc } from '../../../trpc';
import { Alert } from '../../../ui';
import { useLanguage } from '../../../i18n';
import { CourseFinder, type CourseFinderMode, RECENT_ROUNDS } from '../../courses/CourseFinder';
import { courseTitle } from '../../courses/format';
import { lastTeeOn, type WizardAction, type WizardState } from '../wizard-state';

/** The wizard's first step: the course chosen so far, and the finder until the round is created. */
export function CourseStep({ state, dispatch }: { state: WizardState; dispatch: Dispatch<WizardAction> }) {
  const [mode, setMode] = useState<CourseFinderMode>('navn');
  const { t } = useLanguage();
  // The same list as the finder's recent courses (one request): the tee last played on the chosen course.
  const rounds = trpc.rounds.mine.useQuery({ limit: RECENT_ROUNDS });
  return (
    <div>
      {state.course ? (
        <Alert tone="success">
          <p>
            {t('rounds.wizard.course.chosen')}{' '}
            <strong data-testid="chosen-course">
              {courseTitle({
                ...state.course,
                club: state.course.clubName ? { slug: '', name: state.course.clubName } : undefined,
              })}
            </strong>
          </p>
        </Alert>
      ) : null}
      {state.roundId !== null ? (
        <p className="small muted">{t('rounds.wizard.course.locked')}</p>
      ) : (
        <CourseFinder
          pick={{
            chosenId: state.course?.id ?? null,
            onChoose: (course) =>
              dispatch({
                type: 'chooseCourse',
                course,
                lastTeeId: lastTeeOn(rounds.data?.rounds ?? [], course.id),
              }),
          }}
          mode={mode}
          setMode={setMode}
        />
      )}
    </div>
  );
}
