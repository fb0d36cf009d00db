import type { ButtonHTMLAttributes, ReactNode } from 'react';
import { Spinner } from './Spinner';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: 'primary' | 'secondary' | 'danger' | 'link';
  size?: 'normal' | 'small';
  block?: boolean;
  /** Shows a spinner and blocks further clicks while a request is running. */
  busy?: boolean;
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
  ...rest
}: ButtonProps) {
  const classes = ['btn', variant !== 'primary' && variant, size === 'small' && 'small', block && 'block', className]
    .filter(Boolean)
    .join(' ');
  return (
    <button
      type={type ?? 'button'}
      className={classes}
      disabled={disabled || busy}
      aria-busy={busy || undefined}
      {...rest}
    >
      {busy ? <Spinner label="" /> : null}
      {children}
    </button>
  );
}
