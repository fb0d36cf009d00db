import { useEffect, useRef, type CSSProperties, type FormEvent, type ReactNode } from 'react';
import { fieldError, type ApiErrorView } from '../../lib/api-error';
import { Button, CodeInput, FormError, TextField } from '../../ui';

/** The first step: the address a code is mailed to. */
export interface AskForCode {
  label: string;
  value: string;
  onChange(value: string): void;
  onSubmit(address: string): void;
  submitLabel: string;
  busy: boolean;
  /** A cooldown: the screen says how long beside the button's label. */
  disabled?: boolean;
  error: ApiErrorView | null;
  /** Codes whose message belongs at the field rather than above the button. */
  fieldCodes?: readonly string[];
  autoComplete?: string;
  required?: boolean;
  hint?: ReactNode;
  /** Under the field: what happens next, or how long until a new code may be asked for. */
  note?: ReactNode;
  variant?: 'primary' | 'secondary';
  style?: CSSProperties;
}

/** The second step: the code from the mail (or from the authenticator app, for the same form). */
export interface TypeTheCode {
  /** Where the code went, said before the field. */
  notice?: ReactNode;
  label: string;
  value: string;
  onChange(value: string): void;
  onSubmit(code: string): void;
  submitLabel: string;
  busy: boolean;
  error: ApiErrorView | null;
  fieldCodes: readonly string[];
  /**
   * Moves the focus to the field when the step opens and again whenever this changes (a new code was sent):
   * the user came here to type the code. Left out, the focus stays where the user put it.
   */
  focusOn?: unknown;
}

/** A new code, once the wait since the last one (if any) is over. */
export interface SendNewCode {
  label: string;
  onClick(): void;
  busy: boolean;
  disabled?: boolean;
  error: ApiErrorView | null;
  /** The wait, or that a new code went out. */
  status?: ReactNode;
}

const CODE_LENGTH = 6;

/**
 * An e-mailed code to an address the user types (signing in, confirming an added address, merging accounts):
 * ask for a code, type it, done. The screen holds the state and the calls, since each keeps them its own way
 * (the sign-in survives a reload); this holds the one form, so the fields, the six-digit rule and where an
 * error shows are the same everywhere. Where the code went out already (two-factor set-up), `CodeForm` below
 * is the same second step on its own.
 */
export function EmailCodeFlow({
  sentTo,
  ask,
  code,
  resend,
  leave,
  block = false,
}: {
  /** The address the code went to; null while the flow asks for one. */
  sentTo: string | null;
  ask: AskForCode;
  code: TypeTheCode;
  resend?: SendNewCode;
  /** Leaves the code step: cancel, another address, another method. */
  leave: { label: string; onClick(): void };
  /** Full-width buttons, for a screen that is only this form. */
  block?: boolean;
}) {
  if (sentTo === null) return <AskStep ask={ask} block={block} />;
  return <CodeForm code={code} resend={resend} leave={leave} block={block} />;
}

function AskStep({ ask, block }: { ask: AskForCode; block: boolean }) {
  const fieldCodes = ask.fieldCodes ?? [];
  function submit(e: FormEvent) {
    e.preventDefault();
    ask.onSubmit(ask.value.trim());
  }
  return (
    <form onSubmit={submit} noValidate style={ask.style}>
      <TextField
        label={ask.label}
        type="email"
        name="email"
        autoComplete={ask.autoComplete}
        inputMode="email"
        required={ask.required}
        value={ask.value}
        onChange={(e) => ask.onChange(e.target.value)}
        error={fieldError(ask.error, 'email', fieldCodes)}
        hint={ask.hint}
      />
      {ask.note}
      <FormError error={ask.error} fields={['email']} fieldCodes={fieldCodes} />
      <Button type="submit" variant={ask.variant} block={block} busy={ask.busy} disabled={ask.disabled}>
        {ask.submitLabel}
      </Button>
    </form>
  );
}

/**
 * The six-digit code form alone: the flow's second step, and on its own where the code was sent by an earlier
 * step or comes from the authenticator app (two-factor set-up).
 */
export function CodeForm({
  code,
  resend,
  leave,
  block,
}: {
  code: TypeTheCode;
  resend?: SendNewCode | undefined;
  leave: { label: string; onClick(): void };
  block?: boolean;
}) {
  const ref = useRef<HTMLInputElement>(null);
  const { focusOn } = code;
  useEffect(() => {
    if (focusOn) ref.current?.focus();
  }, [focusOn]);

  function submit(e: FormEvent) {
    e.preventDefault();
    code.onSubmit(code.value);
  }

  const leaveButton = (
    <Button variant="link" onClick={leave.onClick}>
      {leave.label}
    </Button>
  );
  const submitButton = (
    <Button type="submit" block={block} busy={code.busy} disabled={code.value.length !== CODE_LENGTH}>
      {code.submitLabel}
    </Button>
  );
  return (
    <>
      {code.notice}
      <form onSubmit={submit} noValidate>
        <CodeInput
          ref={ref}
          label={code.label}
          name="code"
          length={CODE_LENGTH}
          value={code.value}
          onChange={code.onChange}
          error={fieldError(code.error, 'code', code.fieldCodes)}
        />
        <FormError error={code.error} fields={['code']} fieldCodes={code.fieldCodes} />
        {resend ? (
          submitButton
        ) : (
          <div className="row">
            {submitButton}
            {leaveButton}
          </div>
        )}
      </form>
      {resend ? (
        <div className="stack" style={{ marginTop: '1rem' }}>
          {resend.status}
          <FormError error={resend.error} />
          <div className="row">
            <Button
              variant="secondary"
              size="small"
              disabled={resend.disabled}
              busy={resend.busy}
              onClick={resend.onClick}
            >
              {resend.label}
            </Button>
            {leaveButton}
          </div>
        </div>
      ) : null}
    </>
  );
}
