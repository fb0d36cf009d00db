import { useEffect, useRef, useState, type FormEvent } from 'react';
import { describeApiError, fieldError } from '../../lib/api-error';
import { describeWait, formatClock } from '../../lib/countdown';
import { useCountdown } from '../../lib/useCountdown';
import { setPendingStage, usePendingStage } from '../../session/pending-store';
import { useApplySessionAnswer, useForgetSession } from '../../session/useSession';
import { trpc } from '../../trpc';
import { useLanguage } from '../../i18n';
import { Alert, Button, Card, CodeInput, FormError, Page } from '../../ui';

const RESEND_WAIT_MS = 30_000;

/**
 * The second step of a sign-in (pending_2fa): a code from the app, a mailed code, or a recovery code.
 * The session lives 300 s, shown as a countdown; five wrong codes end it (the server then answers 401).
 */
export default function TwoFactorVerifyScreen() {
  const pending = usePendingStage();
  const applyAnswer = useApplySessionAnswer();
  const forget = useForgetSession();
  const [code, setCode] = useState('');
  const [recovery, setRecovery] = useState(false);
  const [ended, setEnded] = useState(false);
  const [resendAt, setResendAt] = useState<number | null>(null);
  const left = useCountdown(pending?.expiresAt ?? null);
  const resendLeft = useCountdown(resendAt);
  const { t } = useLanguage();
  const codeRef = useRef<HTMLInputElement>(null);
  const method = pending?.method ?? 'totp';

  const verify = trpc.twoFactor.verify.useMutation({
    onSuccess: applyAnswer,
    onError: (error) => {
      // The pending session is gone (expired, or five wrong codes): only a new sign-in helps.
      if (describeApiError(error)?.code === 'NOT_AUTHENTICATED') setEnded(true);
      codeRef.current?.select();
    },
  });
  // Cancelling ends the pending session on the server too, and clears its cookie.
  const logout = trpc.auth.logout.useMutation({ onSettled: forget });
  const send = trpc.twoFactor.sendEmailCode.useMutation({
    onSuccess: () => setResendAt(Date.now() + RESEND_WAIT_MS),
    onError: (error) => {
      if (describeApiError(error)?.code === 'NOT_AUTHENTICATED') setEnded(true);
    },
  });

  // biome-ignore lint/correctness/useExhaustiveDependencies: the field is new when the kind of code changes
  useEffect(() => {
    codeRef.current?.focus();
  }, [recovery]);

  if (ended || left === 0) {
    return (
      <Page title={t('twoFactorVerify.expiredTitle')}>
        <Alert tone="error" focus>
          <p>
            {ended ? t('twoFactorVerify.aborted') : t('twoFactorVerify.timedOut')}{' '}
            {t('twoFactorVerify.signInAgainSentence')}
          </p>
        </Alert>
        <Button
          onClick={() => {
            setPendingStage(null);
            forget();
          }}
        >
          {t('twoFactorVerify.signInAgain')}
        </Button>
      </Page>
    );
  }

  const error = describeApiError(verify.error);
  const sendError = describeApiError(send.error);

  function submit(e: FormEvent) {
    e.preventDefault();
    verify.mutate({ code: code.trim() });
  }

  return (
    <Page title={t('twoFactorVerify.title')}>
      <Card>
        <p>
          {recovery
            ? t('twoFactorVerify.recoveryIntro')
            : method === 'email'
              ? t('twoFactorVerify.emailIntro', { email: pending?.email ?? t('twoFactorVerify.yourAddress') })
              : t('twoFactorVerify.appIntro')}
        </p>
        <p className="small muted" aria-live="off" data-testid="pending-countdown">
          {t('twoFactorVerify.expiresIn')} <strong>{formatClock(left)}</strong>.
        </p>
        <form onSubmit={submit} noValidate>
          <CodeInput
            ref={codeRef}
            key={recovery ? 'recovery' : 'code'}
            label={recovery ? t('twoFactorVerify.recoveryCode') : t('twoFactorVerify.code')}
            name="code"
            digitsOnly={!recovery}
            hint={recovery ? t('twoFactorVerify.recoveryHint') : undefined}
            value={code}
            onChange={setCode}
            error={fieldError(error, 'code', ['INVALID_CODE', 'RATE_LIMITED'])}
          />
          <FormError error={error} fields={['code']} fieldCodes={['INVALID_CODE', 'RATE_LIMITED']} />
          <Button
            type="submit"
            block
            busy={verify.isPending}
            disabled={recovery ? code.trim().length < 10 : code.length !== 6}
            reason={recovery ? t('twoFactorVerify.typeRecovery') : t('twoFactorVerify.typeSix')}
          >
            {t('twoFactorVerify.confirm')}
          </Button>
        </form>
        <div className="stack" style={{ marginTop: '1rem' }}>
          {method === 'email' && !recovery ? (
            <div>
              {send.isSuccess ? (
                <p className="small" role="status">
                  {t('twoFactorVerify.newCodeSent')}
                </p>
              ) : null}
              <FormError error={sendError} />
              <Button
                variant="secondary"
                size="small"
                busy={send.isPending}
                disabled={resendLeft > 0}
                onClick={() => send.mutate()}
              >
                {resendLeft > 0
                  ? t('twoFactorVerify.sendNewCodeWaiting', { wait: describeWait(resendLeft, t) })
                  : t('twoFactorVerify.sendNewCode')}
              </Button>
            </div>
          ) : null}
          <Button
            variant="link"
            onClick={() => {
              setRecovery((r) => !r);
              setCode('');
              verify.reset();
            }}
          >
            {recovery ? t('twoFactorVerify.useAppOrMail') : t('twoFactorVerify.useRecovery')}
          </Button>
          <Button variant="link" onClick={() => logout.mutate()}>
            {t('twoFactorVerify.cancel')}
          </Button>
        </div>
      </Card>
    </Page>
  );
}
