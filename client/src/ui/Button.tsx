import { type ButtonHTMLAttributes, type ReactNode, useId } from 'react';
import { Spinner } from './Spinner';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: 'primary' | 'secondary' | 'danger' | 'link';
  size?: 'normal' | 'small';
  block?: boolean;
  /** Shows a spinner and blocks further clicks while a request is running. */
  busy?: boolean;
  /**
   * Why the button is disabled, said beside it (and to a screen reader with the button): a disabled button
   * without a reason is a dead end for a golfer who does not know what is still missing.
   */
  reason?: string | null;
  children: ReactNode;
}

export function Button({
  variant = 'primary',
  size = 'normal',
  block,
  busy,
  disabled,
  className,
  children,
  type,
  reason,
  ...rest
}: ButtonProps) {
  const reasonId = useId();
  const why = disabled && !busy && reason ? reason : null;
  const classes = ['btn', variant !== 'primary' && variant, size === 'small' && 'small', block && 'block', className]
    .filter(Boolean)
    .join(' ');
  const button = (
    <button
      type={type ?? 'button'}
      className={classes}
      disabled={disabled || busy}
      aria-busy={busy || undefined}
      aria-describedby={why ? reasonId : undefined}
      {...rest}
    >
      {busy ? <Spinner label="" /> : null}
      {children}
    </button>
  );
  if (!why) return button;
  return (
    <>
      {button}
      <span className="small disabled-reason" id={reasonId} data-testid="disabled-reason">
        {why}
      </span>
    </>
  );
}
