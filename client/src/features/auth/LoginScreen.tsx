import { useState, type FormEvent } from 'react';
import { cooldownUntil, describeWait, formatClock } from '../../lib/countdown';
import { describeApiError, fieldError } from '../../lib/api-error';
import { useCountdown } from '../../lib/useCountdown';
import { useApplySessionAnswer } from '../../session/useSession';
import { trpc } from '../../trpc';
import { useLanguage } from '../../i18n';
import { LanguageSwitch } from '../../i18n/LanguageSwitch';
import { Alert, Button, Card, FormError, Page, TextField } from '../../ui';
import { EmailCodeFlow } from './EmailCodeFlow';
import { readLinkSent, writeLinkSent, type LinkSent } from '../../session/link-sent';

type Mode = 'link' | 'password';

export default function LoginScreen() {
  const [mode, setMode] = useState<Mode>('link');
  const { t } = useLanguage();
  return (
    <Page title={t('login.title')}>
      <LanguageSwitch />
      <p className="muted">{t('login.intro')}</p>
      <fieldset className="tabs" aria-label={t('login.method')}>
        <button type="button" aria-pressed={mode === 'link'} onClick={() => setMode('link')}>
          {t('login.byLink')}
        </button>
        <button type="button" aria-pressed={mode === 'password'} onClick={() => setMode('password')}>
          {t('login.byPassword')}
        </button>
      </fieldset>
      {mode === 'link' ? <MagicLinkForm /> : <PasswordForm />}
    </Page>
  );
}

function MagicLinkForm() {
  const applyAnswer = useApplySessionAnswer();
  const [sent, setSent] = useState<LinkSent | null>(readLinkSent);
  const [email, setEmail] = useState(sent?.email ?? '');
  const [code, setCode] = useState('');
  const [until, setUntil] = useState<number | null>(sent?.cooldownUntil ?? null);
  // The address a refused request was for: its cooldown is its own, and the screen says so for it.
  const [limitedFor, setLimitedFor] = useState<string | null>(null);
  const left = useCountdown(until);
  const { t } = useLanguage();

  const request = trpc.auth.requestLink.useMutation({
    onSuccess: (_data, input) => {
      const next = { email: input.email, cooldownUntil: cooldownUntil(Date.now()) };
      writeLinkSent(next);
      setSent(next);
      setUntil(next.cooldownUntil);
      setCode('');
    },
    onError: (error, input) => {
      const view = describeApiError(error);
      if (view?.code !== 'RATE_LIMITED') return;
      setUntil(cooldownUntil(Date.now(), view.retryAfterSeconds));
      setLimitedFor(input.email);
    },
  });
  const verify = trpc.auth.verifyLink.useMutation({
    onSuccess: (answer) => {
      writeLinkSent(null);
      applyAnswer(answer);
    },
  });

  const waiting = left > 0;
  const answered = describeApiError(request.error);
  // A request inside the address's cooldown is no failure: the screen counts down instead.
  const justSent = waiting && limitedFor !== null && answered?.code === 'RATE_LIMITED';
  const requestError = justSent ? null : answered;
  const verifyError = describeApiError(verify.error);

  function startOver() {
    writeLinkSent(null);
    setSent(null);
    // The cooldown is per address: another address may be sent at once (the server says if not).
    setUntil(null);
    setLimitedFor(null);
    request.reset();
    setCode('');
    verify.reset();
  }

  function changeEmail(value: string) {
    setEmail(value);
    if (limitedFor !== null && value.trim() !== limitedFor) {
      setLimitedFor(null);
      setUntil(null);
      request.reset();
    }
  }

  return (
    <Card>
      <EmailCodeFlow
        sentTo={sent?.email ?? null}
        block
        ask={{
          label: t('login.email'),
          value: email,
          onChange: changeEmail,
          onSubmit: (address) => request.mutate({ email: address }),
          submitLabel: waiting ? t('login.sendLinkWaiting', { clock: formatClock(left) }) : t('login.sendLink'),
          busy: request.isPending,
          disabled: waiting,
          error: requestError,
          autoComplete: 'email',
          required: true,
          note: justSent ? (
            <p className="small muted" aria-live="polite" data-testid="cooldown">
              {t('login.justSent', { email: limitedFor, wait: describeWait(left, t), clock: formatClock(left) })}
            </p>
          ) : (
            <p className="small muted">{t('login.linkHint')}</p>
          ),
        }}
        code={{
          notice: (
            <Alert tone="success">
              <p>
                {t('login.linkSentBefore')} <strong>{sent?.email}</strong>
                {t('login.linkSentAfter')}
              </p>
            </Alert>
          ),
          label: t('login.codeFromMail'),
          value: code,
          onChange: setCode,
          onSubmit: (typed) => {
            if (sent) verify.mutate({ email: sent.email, code: typed });
          },
          submitLabel: t('login.signInWithCode'),
          busy: verify.isPending,
          error: verifyError,
          fieldCodes: ['INVALID_LINK', 'INVALID_CODE'],
          focusOn: sent,
        }}
        resend={{
          label: waiting ? t('login.sendNewLinkWaiting', { clock: formatClock(left) }) : t('login.sendNewLink'),
          onClick: () => {
            if (sent) request.mutate({ email: sent.email });
          },
          busy: request.isPending,
          disabled: waiting,
          error: requestError,
          status: (
            <p className="small muted" aria-live="polite" data-testid="cooldown">
              {waiting
                ? t('login.newLinkIn', { wait: describeWait(left, t), clock: formatClock(left) })
                : t('login.noMail')}
            </p>
          ),
        }}
        leave={{ label: t('login.otherAddress'), onClick: startOver }}
      />
    </Card>
  );
}

function PasswordForm() {
  const applyAnswer = useApplySessionAnswer();
  const [email, setEmail] = useState(() => readLinkSent()?.email ?? '');
  const [password, setPassword] = useState('');
  const [until, setUntil] = useState<number | null>(null);
  const left = useCountdown(until);
  const { t } = useLanguage();
  const login = trpc.auth.login.useMutation({
    onSuccess: applyAnswer,
    onError: (error) => {
      const view = describeApiError(error);
      if (view?.code === 'RATE_LIMITED') setUntil(cooldownUntil(Date.now(), view.retryAfterSeconds));
    },
  });
  const error = describeApiError(login.error);

  function submit(e: FormEvent) {
    e.preventDefault();
    login.mutate({ email: email.trim(), password });
  }

  return (
    <Card>
      <form onSubmit={submit} noValidate>
        <TextField
          label={t('login.email')}
          type="email"
          name="email"
          autoComplete="username"
          inputMode="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          error={fieldError(error, 'email')}
        />
        <TextField
          label={t('login.password')}
          type="password"
          name="password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          error={fieldError(error, 'password', ['INVALID_CREDENTIALS'])}
        />
        <FormError error={error} fields={['email', 'password']} fieldCodes={['INVALID_CREDENTIALS']} />
        {left > 0 ? (
          <p className="small muted" aria-live="polite">
            {t('login.tryAgainIn', { wait: describeWait(left, t) })}
          </p>
        ) : null}
        <Button type="submit" block busy={login.isPending} disabled={left > 0}>
          {left > 0 ? t('login.signInWaiting', { clock: formatClock(left) }) : t('login.signIn')}
        </Button>
      </form>
      <p className="small muted" style={{ marginTop: '1rem' }}>
        {t('login.noPassword')}
      </p>
    </Card>
  );
}
