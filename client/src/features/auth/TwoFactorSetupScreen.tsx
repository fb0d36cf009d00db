import { useEffect, useRef, useState, type FormEvent } from 'react';
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
  const sendCurrent = trpc.twoFactor.sendEmailCode.useMutation();
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
            <div className="row" style={{ marginBottom: '0.75rem' }}>
              <Button
                variant="secondary"
                size="small"
                busy={sendCurrent.isPending}
                onClick={() => sendCurrent.mutate()}
              >
                {t('twoFactorSetup.sendCodeTo', { email: email ?? t('twoFactorSetup.theEmail') })}
              </Button>
              {sendCurrent.isSuccess ? (
                <span role="status" className="small">
                  {t('twoFactorSetup.codeSent')}
                </span>
              ) : null}
            </div>
          ) : null}
          <FormError error={describeApiError(sendCurrent.error)} />
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
  const [code, setCode] = useState('');
  const confirm = trpc.twoFactor.totpConfirm.useMutation({
    onSuccess: ({ recoveryCodes, ...answer }) => onConfirmed(answer, recoveryCodes),
  });
  const error = describeApiError(confirm.error);
  function submit(e: FormEvent) {
    e.preventDefault();
    confirm.mutate({ code });
  }
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
          <form onSubmit={submit} noValidate>
            <CodeInput
              label={t('twoFactorSetup.appCode')}
              name="code"
              value={code}
              onChange={setCode}
              error={fieldError(error, 'code', ['INVALID_CODE'])}
            />
            <FormError error={error} fields={['code']} fieldCodes={['INVALID_CODE']} />
            <div className="row">
              <Button type="submit" busy={confirm.isPending} disabled={code.length !== 6}>
                {t('twoFactorSetup.confirmAndTurnOn')}
              </Button>
              <Button variant="link" onClick={onBack}>
                {t('twoFactorSetup.otherMethod')}
              </Button>
            </div>
          </form>
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
  const [code, setCode] = useState('');
  const codeRef = useRef<HTMLInputElement>(null);
  const confirm = trpc.twoFactor.emailConfirm.useMutation({
    onSuccess: ({ recoveryCodes, ...answer }) => onConfirmed(answer, recoveryCodes),
  });
  const resend = trpc.twoFactor.sendEmailCode.useMutation();
  const error = describeApiError(confirm.error);
  useEffect(() => codeRef.current?.focus(), []);
  function submit(e: FormEvent) {
    e.preventDefault();
    confirm.mutate({ code });
  }
  return (
    <Card>
      <p>
        {t('twoFactorSetup.emailSentBefore')} <strong>{email ?? t('twoFactorSetup.yourAddress')}</strong>
        {t('twoFactorSetup.emailSentAfter')}
      </p>
      <form onSubmit={submit} noValidate>
        <CodeInput
          ref={codeRef}
          label={t('twoFactorSetup.codeFromMail')}
          name="code"
          value={code}
          onChange={setCode}
          error={fieldError(error, 'code', ['INVALID_CODE'])}
        />
        <FormError error={error} fields={['code']} fieldCodes={['INVALID_CODE']} />
        <div className="row">
          <Button type="submit" busy={confirm.isPending} disabled={code.length !== 6}>
            {t('twoFactorSetup.confirmAndTurnOn')}
          </Button>
          <Button variant="secondary" size="small" busy={resend.isPending} onClick={() => resend.mutate()}>
            {t('twoFactorSetup.sendNewCode')}
          </Button>
          <Button variant="link" onClick={onBack}>
            {t('twoFactorSetup.otherMethod')}
          </Button>
        </div>
        {resend.isSuccess ? (
          <p role="status" className="small">
            {t('twoFactorSetup.newCodeSent')}
          </p>
        ) : null}
        <FormError error={describeApiError(resend.error)} />
      </form>
    </Card>
  );
}
