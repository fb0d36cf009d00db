import type { CSSProperties } from 'react';
import { describeApiError } from '../../lib/api-error';
import { trpc } from '../../trpc';
import { Button, FormError } from '../../ui';

/**
 * The button that mails the current two-factor code, for a change that asks for it (switching the method,
 * turning it off, new recovery codes) when the method is e-mail: it says when a code went out, or why not.
 */
export function MailCurrentCode({
  label,
  sentLabel,
  style,
}: {
  label: string;
  sentLabel: string;
  style?: CSSProperties;
}) {
  const send = trpc.twoFactor.sendEmailCode.useMutation();
  return (
    <>
      <div className="row" style={style}>
        <Button variant="secondary" size="small" busy={send.isPending} onClick={() => send.mutate()}>
          {label}
        </Button>
        {send.isSuccess ? (
          <span role="status" className="small">
            {sentLabel}
          </span>
        ) : null}
      </div>
      <FormError error={describeApiError(send.error)} />
    </>
  );
}
