import type { Dispatch } from 'react';
import { TextField } from '../../../ui';
import type { HolesChoice, WizardAction, WizardState } from '../wizard-state';
import { LOCALES } from '../../../../../shared/language';
import { ROUND_FORMAT_LABELS, ROUND_FORMATS, ROUND_HOLES_LABELS } from '../../../../../shared/values';
import { useLanguage } from '../../../i18n';
import { teeLabel } from '../../courses/format';

/** Radio buttons as large tap targets, grouped and labelled for screen readers. */
function Choice<T extends string>({
  legend,
  name,
  value,
  options,
  onChange,
  disabled,
}: {
  legend: string;
  name: string;
  value: T;
  options: { value: T; label: string; hint?: string }[];
  onChange(v: T): void;
  disabled?: boolean;
}) {
  return (
    <fieldset className="field" disabled={disabled}>
      <legend className="label">{legend}</legend>
      {/* Every choice in view, none scrolled out of sight inside the box (eight formats, each with its hint). */}
      <ul className="result-list choices">
        {options.map((o) => (
          <li key={o.value}>
            <label className="checkbox" style={{ padding: '0.5rem 0.9rem', cursor: 'pointer' }}>
              <input
                type="radio"
                name={name}
                value={o.value}
                checked={value === o.value}
                onChange={() => onChange(o.value)}
              />
              <span>
                {o.label}
                {o.hint ? (
                  <span className="small muted" style={{ display: 'block' }}>
                    {o.hint}
                  </span>
                ) : null}
              </span>
            </label>
          </li>
        ))}
      </ul>
    </fieldset>
  );
}

export function SetupStep({ state, dispatch }: { state: WizardState; dispatch: Dispatch<WizardAction> }) {
  const { t, language } = useLanguage();
  const course = state.course;
  if (!course) return null;
  const locked = state.roundId !== null;
  const holeOptions: HolesChoice[] = course.holeCount === 18 ? ['18', 'front9', 'back9'] : ['front9'];
  return (
    <div>
      {locked ? <p className="small muted">{t('rounds.wizard.setup.locked')}</p> : null}
      <Choice
        legend={t('rounds.wizard.setup.tee')}
        name="tee"
        value={state.teeId ?? ''}
        disabled={locked}
        options={course.tees.map((tee) => ({
          value: tee.id,
          label: teeLabel(tee, language),
          hint: [
            t('rounds.wizard.setup.par', { par: tee.par }),
            tee.lengthMeters ? `${tee.lengthMeters.toLocaleString(LOCALES[language])} m` : null,
          ]
            .filter(Boolean)
            .join(' · '),
        }))}
        onChange={(teeId) => dispatch({ type: 'setTee', teeId })}
      />
      <TextField
        label={t('rounds.wizard.setup.date')}
        type="date"
        name="playedOn"
        value={state.playedOn}
        disabled={locked}
        onChange={(e) => dispatch({ type: 'setDate', playedOn: e.target.value })}
      />
      <Choice
        legend={t('rounds.wizard.setup.format')}
        name="format"
        value={state.format}
        disabled={locked}
        options={ROUND_FORMATS.map((f) => ({
          value: f,
          label: ROUND_FORMAT_LABELS[language][f],
          hint: t(`rounds.wizard.setup.hints.${f}`),
        }))}
        onChange={(format) => dispatch({ type: 'setFormat', format })}
      />
      <Choice
        legend={t('rounds.wizard.setup.holes')}
        name="holes"
        value={state.holes}
        disabled={locked}
        options={holeOptions.map((h) => ({
          value: h,
          label: course.holeCount === 9 ? t('rounds.wizard.setup.nineHoles') : ROUND_HOLES_LABELS[language][h],
        }))}
        onChange={(holes) => dispatch({ type: 'setHoles', holes })}
      />
    </div>
  );
}
