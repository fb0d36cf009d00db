import { useEffect, useRef, type ReactNode } from 'react';

export interface AlertProps {
  tone?: 'error' | 'info' | 'success' | 'warning';
  title?: string;
  children?: ReactNode;
  /** Moves keyboard focus to the alert when it appears (for errors after a submit). */
  focus?: boolean;
}

/** Errors are announced at once (role="alert"); other messages politely (role="status"). */
export function Alert({ tone = 'info', title, children, focus }: AlertProps) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (focus) ref.current?.focus();
  }, [focus]);
  return (
    <div
      ref={ref}
      className={`alert ${tone}`}
      role={tone === 'error' ? 'alert' : 'status'}
      tabIndex={focus ? -1 : undefined}
    >
      {title ? (
        <p>
          <strong>{title}</strong>
        </p>
      ) : null}
      {children}
    </div>
  );
}

/** Several problems at once (a step's missing parts, a start list's clashes), one line each. */
export function AlertList({ tone, lines }: { tone: AlertProps['tone']; lines: readonly string[] }) {
  return (
    <Alert tone={tone}>
      <ul>
        {lines.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
    </Alert>
  );
}
