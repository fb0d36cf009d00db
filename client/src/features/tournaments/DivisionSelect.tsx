import { useId, type ReactNode } from 'react';
import { SelectField } from '../../ui';

/**
 * Choosing one of a tournament's divisions, wherever one is chosen (entering oneself, an organizer entering
 * someone, moving an entry). The first option, the empty value, says what not choosing means there: "Velg
 * for meg" and "Etter handicap" leave it to the server's handicap limits, "Bytt klasse …" changes nothing.
 * `compact` is the small select in a list row, its label for screen readers only.
 */
export function DivisionSelect({
  divisions,
  value,
  onChange,
  label,
  none,
  hint,
  compact = false,
}: {
  divisions: readonly { id: string; name: string }[];
  value: string;
  onChange(divisionId: string): void;
  label: ReactNode;
  none: string;
  hint?: ReactNode;
  compact?: boolean;
}) {
  const id = useId();
  const options = (
    <>
      <option value="">{none}</option>
      {divisions.map((d) => (
        <option key={d.id} value={d.id}>
          {d.name}
        </option>
      ))}
    </>
  );
  if (compact)
    return (
      <>
        <label className="visually-hidden" htmlFor={id}>
          {label}
        </label>
        <select id={id} value={value} onChange={(e) => onChange(e.target.value)} style={{ minHeight: '2.5rem' }}>
          {options}
        </select>
      </>
    );
  return (
    <SelectField label={label} value={value} onChange={(e) => onChange(e.target.value)} hint={hint}>
      {options}
    </SelectField>
  );
}
