import { useEffect, useState, type ReactNode } from 'react';
import { Link, useLocation } from 'wouter';
import { describeApiError, fieldError } from '../../lib/api-error';
import { formatClock } from '../../lib/countdown';
import { groupSecret } from '../../lib/secret';
import { useCountdown } from '../../lib/useCountdown';
import { ROUTES } from '../../routes';
import { useApplySessionAnswer, useSession, type SessionAnswer } from '../../session/useSession';
import { trpc } from '../../trpc';
import { useLanguage } from '../../i18n';
import type { Language } from '../../../../shared/values';
import { Alert, Button, Card, CodeInput, FormError, Page } from '../../ui';
import { CodeForm, type SendNewCode } from './EmailCodeFlow';
import { MailCurrentCode } from './MailCurrentCode';
import { RecoveryCodes } from './RecoveryCodes';
import { TWO_FACTOR_METHOD_LABELS, type TwoFactorMethod } from '../../../../shared/values';

type Method = TwoFactorMethod;
type Step =
  | { kind: 'choose' }
  | { kind: 'totp'; secret: string; otpauthUri: string }
  | { kind: 'email' }
  | { kind: 'codes'; answer: SessionAnswer; recoveryCodes: string[] };

/** The method's name inside a sentence. */
const methodInSentence = (method: Method, language: Language) =>
  TWO_FACTOR_METHOD_LABELS[language][method].toLowerCase();

/**
 * 2FA setup, both the mandatory enrolment of an owner/admin (must_enroll_2fa, /login/oppsett-2fa) and the
 * voluntary one from the account settings (/konto/tofaktor). Nothing changes on the account until the
 * code is confirmed; replacing an existing method first asks for its current code.
 */
export default function TwoFactorSetupScreen() {
  const session = useSession();
  const [, navigate] = useLocation();
  const applyAnswer = useApplySessionAnswer();
  const { t, language } = useLanguage();
  const [step, setStep] = useState<Step>({ kind: 'choose' });
  const enrolling = session.status === 'must_enroll_2fa';
  const email =
    session.status === 'full' ? session.user.email : session.status === 'must_enroll_2fa' ? session.email : null;
  const current = session.status === 'full' ? session.user.twoFactorMethod : null;
  const expiresAt = session.status === 'must_enroll_2fa' ? session.expiresAt : null;
  const left = useCountdown(expiresAt);

  function finish() {
    if (step.kind !== 'codes') return;
    // An enrolling session is now full: the route guard moves on to where the sign-in was going.
    void applyAnswer(step.answer).then(() => {
      if (!enrolling) navigate(ROUTES.account);
    });
  }

  return (
    <Page
      title={
        step.kind === 'codes'
          ? t('twoFactorSetup.codesTitle')
          : enrolling
            ? t('twoFactorSetup.enrolTitle')
            : t('twoFactorSetup.title')
      }
    >
      {enrolling && step.kind !== 'codes' ? (
        <Alert tone="info">
          <p>{t('twoFactorSetup.mustEnrol')}</p>
          <p className="small">
            {t('twoFactorSetup.timeLeft')} <strong data-testid="enrol-countdown">{formatClock(left)}</strong>
          </p>
        </Alert>
      ) : null}
      {enrolling && left === 0 && step.kind !== 'codes' ? (
        <Alert tone="error">
          <p>
            {t('twoFactorSetup.timedOut')} <Link href={ROUTES.login}>{t('twoFactorSetup.signInAgain')}</Link>.
          </p>
        </Alert>
      ) : null}
      {step.kind === 'choose' ? (
        <ChooseMethod
          current={current}
          email={email}
          onTotp={(s) => setStep({ kind: 'totp', ...s })}
          onEmail={() => setStep({ kind: 'email' })}
        />
      ) : step.kind === 'totp' ? (
        <TotpStep
          secret={step.secret}
          otpauthUri={step.otpauthUri}
          onBack={() => setStep({ kind: 'choose' })}
          onConfirmed={(answer, codes) => setStep({ kind: 'codes', answer, recoveryCodes: codes })}
        />
      ) : step.kind === 'email' ? (
        <EmailStep
          email={email}
          onBack={() => setStep({ kind: 'choose' })}
          onConfirmed={(answer, codes) => setStep({ kind: 'codes', answer, recoveryCodes: codes })}
        />
      ) : (
        <Card>
          <Alert tone="success">
            <p>
              {t('twoFactorSetup.enabled', {
                method: methodInSentence(step.answer.user.twoFactorMethod ?? 'totp', language),
              })}
            </p>
          </Alert>
          <RecoveryCodes
            codes={step.recoveryCodes}
            email={email}
            onDone={finish}
            doneLabel={enrolling ? t('twoFactorSetup.continueToApp') : t('twoFactorSetup.done')}
          />
        </Card>
      )}
      {!enrolling && step.kind !== 'codes' ? (
        <p>
          <Link href={ROUTES.account}>{t('twoFactorSetup.backToAccount')}</Link>
        </p>
      ) : null}
    </Page>
  );
}

function ChooseMethod({
  current,
  email,
  onTotp,
  onEmail,
}: {
  current: Method | null;
  email: string | null;
  onTotp(s: { secret: string; otpauthUri: string }): void;
  onEmail(): void;
}) {
  const { t, language } = useLanguage();
  const [currentCode, setCurrentCode] = useState('');
  const totp = trpc.twoFactor.totpSetup.useMutation({ onSuccess: onTotp });
  const emailSetup = trpc.twoFactor.emailSetup.useMutation({ onSuccess: onEmail });
  const error = describeApiError(totp.error ?? emailSetup.error);
  const input = current ? { currentCode: currentCode.trim() } : undefined;

  return (
    <Card>
      {current ? (
        <>
          <p>
            {t('twoFactorSetup.usingNowBefore')} <strong>{methodInSentence(current, language)}</strong>
            {t('twoFactorSetup.usingNowAfter')}
          </p>
          {current === 'email' ? (
            <MailCurrentCode
              label={t('twoFactorSetup.sendCodeTo', { email: email ?? t('twoFactorSetup.theEmail') })}
              sentLabel={t('twoFactorSetup.codeSent')}
              style={{ marginBottom: '0.75rem' }}
            />
          ) : null}
          <CodeInput
            label={t('twoFactorSetup.currentCode')}
            name="currentCode"
            digitsOnly={false}
            inputMode="numeric"
            value={currentCode}
            onChange={setCurrentCode}
            error={fieldError(error, 'currentCode', ['INVALID_CODE'])}
          />
        </>
      ) : (
        <p>{t('twoFactorSetup.choose')}</p>
      )}
      <FormError error={error} fields={current ? ['currentCode'] : []} fieldCodes={current ? ['INVALID_CODE'] : []} />
      <div className="stack">
        <Button block busy={totp.isPending} onClick={() => totp.mutate(input)}>
          {t('twoFactorSetup.useApp')}
        </Button>
        <Button block variant="secondary" busy={emailSetup.isPending} onClick={() => emailSetup.mutate(input)}>
          {t('twoFactorSetup.useEmail')}
        </Button>
      </div>
    </Card>
  );
}

function QrCode({ text }: { text: string }) {
  const [src, setSrc] = useState<string | null>(null);
  const { t } = useLanguage();
  useEffect(() => {
    let live = true;
    // The QR library loads only on this screen.
    void import('qrcode')
      .then((qr) => qr.toDataURL(text, { margin: 1, width: 220, errorCorrectionLevel: 'M' }))
      .then((url) => {
        if (live) setSrc(url);
      });
    return () => {
      live = false;
    };
  }, [text]);
  return src ? (
    <img className="qr" src={src} alt={t('twoFactorSetup.qrAlt')} width={220} height={220} />
  ) : (
    <div className="qr" aria-hidden="true" />
  );
}

function TotpStep({
  secret,
  otpauthUri,
  onBack,
  onConfirmed,
}: {
  secret: string;
  otpauthUri: string;
  onBack(): void;
  onConfirmed(answer: SessionAnswer, codes: string[]): void;
}) {
  const { t } = useLanguage();
  const confirm = trpc.twoFactor.totpConfirm.useMutation({
    onSuccess: ({ recoveryCodes, ...answer }) => onConfirmed(answer, recoveryCodes),
  });
  return (
    <Card>
      <ol className="stack" style={{ paddingLeft: '1.25rem' }}>
        <li>
          <p>{t('twoFactorSetup.scan')}</p>
          <QrCode text={otpauthUri} />
          <p className="small">
            {t('twoFactorSetup.onPhone')}{' '}
            <a href={otpauthUri} data-testid="otpauth-link">
              {t('twoFactorSetup.openInApp')}
            </a>
            .
          </p>
        </li>
        <li>
          <p>{t('twoFactorSetup.cannotScan')}</p>
          {/* A screen reader reads the key one character at a time; the eye reads it in groups of four. */}
          <p className="secret-groups">
            <span className="visually-hidden">
              {t('twoFactorSetup.key')} {groupSecret(secret).split('').join(' ')}
            </span>
            <span aria-hidden="true" data-testid="totp-secret">
              {groupSecret(secret)}
            </span>
          </p>
        </li>
        <li>
          <TurnOnCode label={t('twoFactorSetup.appCode')} confirm={confirm} onBack={onBack} />
        </li>
      </ol>
    </Card>
  );
}

function EmailStep({
  email,
  onBack,
  onConfirmed,
}: {
  email: string | null;
  onBack(): void;
  onConfirmed(answer: SessionAnswer, codes: string[]): void;
}) {
  const { t } = useLanguage();
  const confirm = trpc.twoFactor.emailConfirm.useMutation({
    onSuccess: ({ recoveryCodes, ...answer }) => onConfirmed(answer, recoveryCodes),
  });
  const resend = trpc.twoFactor.sendEmailCode.useMutation();
  return (
    <Card>
      {/* The choice of method sent the code: this is EmailCodeFlow's second step on its own. */}
      <TurnOnCode
        label={t('twoFactorSetup.codeFromMail')}
        confirm={confirm}
        onBack={onBack}
        notice={
          <p>
            {t('twoFactorSetup.emailSentBefore')} <strong>{email ?? t('twoFactorSetup.yourAddress')}</strong>
            {t('twoFactorSetup.emailSentAfter')}
          </p>
        }
        resend={{
          label: t('twoFactorSetup.sendNewCode'),
          onClick: () => resend.mutate(),
          busy: resend.isPending,
          error: describeApiError(resend.error),
          status: resend.isSuccess ? (
            <p role="status" className="small">
              {t('twoFactorSetup.newCodeSent')}
            </p>
          ) : null,
        }}
      />
    </Card>
  );
}

/** The code that turns the new method on, from the app or the mail; the server answers with the recovery codes. */
function TurnOnCode({
  label,
  confirm,
  onBack,
  notice,
  resend,
}: {
  label: string;
  confirm: { mutate(input: { code: string }): void; isPending: boolean; error: unknown };
  onBack(): void;
  notice?: ReactNode;
  /** Only for a mailed code: the app makes a new one by itself. */
  resend?: SendNewCode;
}) {
  const { t } = useLanguage();
  const [code, setCode] = useState('');
  return (
    <CodeForm
      code={{
        notice,
        label,
        value: code,
        onChange: setCode,
        onSubmit: (typed) => confirm.mutate({ code: typed }),
        submitLabel: t('twoFactorSetup.confirmAndTurnOn'),
        busy: confirm.isPending,
        error: describeApiError(confirm.error),
        fieldCodes: ['INVALID_CODE'],
        // A mailed code is typed now: the field takes the focus. The app's code comes after scanning.
        focusOn: resend !== undefined,
      }}
      resend={resend}
      leave={{ label: t('twoFactorSetup.otherMethod'), onClick: onBack }}
    />
  );
}
