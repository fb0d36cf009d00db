import { forwardRef, useId, type InputHTMLAttributes, type ReactNode } from 'react';

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: ReactNode;
  /** The Norwegian message of the server (or of the form) for this field. */
  error?: string | undefined;
  hint?: ReactNode;
  className?: string;
}

/** The ids that tie a field's hint and error to its control (aria-describedby), so both are read with it. */
function useFieldIds(hint: ReactNode, error: string | undefined) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  return { id, hintId, errorId, describedBy: [hintId, errorId].filter(Boolean).join(' ') || undefined };
}

/** A field's frame, the same for every control: its label, hint, the control, and its error. */
function Field({
  ids,
  label,
  hint,
  error,
  className,
  children,
}: {
  ids: ReturnType<typeof useFieldIds>;
  label: ReactNode;
  hint: ReactNode;
  error: string | undefined;
  className?: string | undefined;
  children: ReactNode;
}) {
  return (
    <div className={['field', className].filter(Boolean).join(' ')}>
      <label htmlFor={ids.id}>{label}</label>
      {hint ? (
        <span id={ids.hintId} className="hint">
          {hint}
        </span>
      ) : null}
      {children}
      {error ? (
        <span id={ids.errorId} className="error">
          {error}
        </span>
      ) : null}
    </div>
  );
}

/** A labelled input whose error is tied to it (aria-invalid + aria-describedby), so it is read with the field. */
export const TextField = forwardRef<HTMLInputElement, TextFieldProps>(function TextField(
  { label, error, hint, className, ...input },
  ref,
) {
  const ids = useFieldIds(hint, error);
  return (
    <Field ids={ids} label={label} hint={hint} error={error} className={className}>
      <input
        ref={ref}
        id={ids.id}
        aria-invalid={error ? true : undefined}
        aria-describedby={ids.describedBy}
        {...input}
      />
    </Field>
  );
});

export interface SelectFieldProps extends Omit<React.SelectHTMLAttributes<HTMLSelectElement>, 'id'> {
  label: ReactNode;
  error?: string | undefined;
  hint?: ReactNode;
  children: ReactNode;
}

export function SelectField({ label, error, hint, children, ...select }: SelectFieldProps) {
  const ids = useFieldIds(hint, error);
  return (
    <Field ids={ids} label={label} hint={hint} error={error}>
      <select id={ids.id} aria-invalid={error ? true : undefined} aria-describedby={ids.describedBy} {...select}>
        {children}
      </select>
    </Field>
  );
}
