import { forwardRef } from 'react';
import { TextField, type TextFieldProps } from './TextField';

export interface CodeInputProps extends Omit<TextFieldProps, 'onChange' | 'value'> {
  value: string;
  onChange(value: string): void;
  /** Digits only (TOTP, e-mailed codes). Off for fields that also take a recovery code. */
  digitsOnly?: boolean;
  length?: number;
}

/**
 * A one-time code: the phone offers the code from an SMS/mail (autocomplete="one-time-code") and a numeric
 * keyboard. With `digitsOnly`, pasted text like "123 456" is reduced to its digits.
 */
export const CodeInput = forwardRef<HTMLInputElement, CodeInputProps>(function CodeInput(
  { value, onChange, digitsOnly = true, length = 6, className, ...rest },
  ref,
) {
  return (
    <TextField
      ref={ref}
      className={['code', className].filter(Boolean).join(' ')}
      autoComplete="one-time-code"
      inputMode={digitsOnly ? 'numeric' : 'text'}
      pattern={digitsOnly ? '[0-9]*' : undefined}
      maxLength={digitsOnly ? length : 32}
      autoCapitalize="off"
      spellCheck={false}
      value={value}
      onChange={(e) => onChange(digitsOnly ? e.target.value.replace(/\D/g, '').slice(0, length) : e.target.value)}
      {...rest}
    />
  );
});
