import type { Dispatch } from 'react';
import { TextField } from '../../../ui';
import {
  FORMAT_NAME,
  HOLES_NAME,
  type Format,
  type HolesChoice,
  type WizardAction,
  type WizardState,
} from '../wizard-state';
import { ROUND_FORMATS } from '../../../../../shared/values';
import { teeLabel } from '../format';

const FORMAT_HINT: Record<Format, string> = {
  stroke: 'Alle slag teller. Netto = brutto minus tildelte slag.',
  stableford: 'Poeng per hull etter netto resultat. Flest poeng vinner.',
  match: 'Hull for hull mellom to lag.',
};

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
      <ul className="result-list">
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
  const course = state.course;
  if (!course) return null;
  const locked = state.roundId !== null;
  const holeOptions: HolesChoice[] = course.holeCount === 18 ? ['18', 'front9', 'back9'] : ['front9'];
  return (
    <div>
      {locked ? (
        <p className="small muted">Runden er opprettet: bane, tee, dato og spillform kan ikke endres lenger.</p>
      ) : null}
      <Choice
        legend="Teested"
        name="tee"
        value={state.teeId ?? ''}
        disabled={locked}
        options={course.tees.map((t) => ({
          value: t.id,
          label: teeLabel(t),
          hint: [`par ${t.par}`, t.lengthMeters ? `${t.lengthMeters.toLocaleString('nb-NO')} m` : null]
            .filter(Boolean)
            .join(' · '),
        }))}
        onChange={(teeId) => dispatch({ type: 'setTee', teeId })}
      />
      <TextField
        label="Dato"
        type="date"
        name="playedOn"
        value={state.playedOn}
        disabled={locked}
        onChange={(e) => dispatch({ type: 'setDate', playedOn: e.target.value })}
      />
      <Choice
        legend="Spillform"
        name="format"
        value={state.format}
        disabled={locked}
        options={ROUND_FORMATS.map((f) => ({
          value: f,
          label: FORMAT_NAME[f],
          hint: FORMAT_HINT[f],
        }))}
        onChange={(format) => dispatch({ type: 'setFormat', format })}
      />
      <Choice
        legend="Hull"
        name="holes"
        value={state.holes}
        disabled={locked}
        options={holeOptions.map((h) => ({ value: h, label: course.holeCount === 9 ? '9 hull' : HOLES_NAME[h] }))}
        onChange={(holes) => dispatch({ type: 'setHoles', holes })}
      />
    </div>
  );
}
