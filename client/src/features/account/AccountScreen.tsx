import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link, useLocation } from 'wouter';
import { describeApiError, fieldError } from '../../lib/api-error';
import { ROUTES } from '../../routes';
import { useForgetSession, useRefreshSession, useSession, useSetUser, type User } from '../../session/useSession';
import { trpc } from '../../trpc';
import { useLanguage } from '../../i18n';
import { Alert, Button, Card, CodeInput, FormError, Loading, Page, TextField } from '../../ui';
import { RecoveryCodes } from '../auth/RecoveryCodes';
import { TWO_FACTOR_METHOD_LABELS } from '../../../../shared/values';
import { CurrentCodeField } from './CurrentCodeField';
import { DeleteAccountCard, ExportCard } from './OwnDataCards';
import { LanguageCard } from './LanguageCard';
import { ProfileForm } from './ProfileForm';
import { movedText } from './moved';

export default function AccountScreen() {
  const session = useSession();
  const { t } = useLanguage();
  if (session.status !== 'full') return <Loading />;
  const user = session.user;
  return (
    <Page title={t('account.title')}>
      <ProfileCard user={user} />
      <LanguageCard saved={session.language} />
      <TwoFactorCard user={user} />
      <PasswordCard user={user} />
      <EmailsCard />
      <SessionsCard />
      <MergeCard />
      <ExportCard />
      <DeleteAccountCard user={user} />
      {user.isSuperAdmin ? (
        <Card title={t('account.operations')}>
          <Link href={ROUTES.operator}>{t('account.operationsLink')}</Link>
        </Card>
      ) : null}
    </Page>
  );
}

function ProfileCard({ user }: { user: User }) {
  const { t } = useLanguage();
  return (
    <Card title={t('account.profile')}>
      <ProfileForm user={user} submitLabel={t('account.saveProfile')} savedMessage={t('account.profileSaved')}>
        {/* Beside the index typed in: the record that calculates one, and the choice of which to play off. */}
        <div className="row" style={{ marginBottom: '1rem' }}>
          <Link href={ROUTES.handicap} className="btn secondary">
            {t('account.handicapLink')}
          </Link>
          <span className="small muted">{t('account.handicapLinkHint')}</span>
        </div>
      </ProfileForm>
    </Card>
  );
}

function TwoFactorCard({ user }: { user: User }) {
  const { t, language } = useLanguage();
  const refreshSession = useRefreshSession();
  const [, navigate] = useLocation();
  const [action, setAction] = useState<'none' | 'disable' | 'codes'>('none');
  const [code, setCode] = useState('');
  const [newCodes, setNewCodes] = useState<string[] | null>(null);
  const disable = trpc.twoFactor.disable.useMutation({
    onSuccess: () => {
      setAction('none');
      setCode('');
      refreshSession();
    },
  });
  const regenerate = trpc.twoFactor.regenerateRecoveryCodes.useMutation({
    onSuccess: ({ recoveryCodes }) => {
      setNewCodes(recoveryCodes);
      setCode('');
    },
  });
  const method = user.twoFactorMethod;
  const error = describeApiError(action === 'disable' ? disable.error : regenerate.error);
  // An owner or admin must keep two-factor on (the server refuses with TWO_FACTOR_REQUIRED): say so beside
  // the button rather than after a code was typed.
  const organizations = trpc.orgs.mine.useQuery(undefined, { enabled: method !== null });
  const requiredBy =
    organizations.data?.organizations.find((o) => o.role === 'owner' || o.role === 'admin')?.name ?? null;

  if (newCodes) {
    return (
      <Card title={t('account.newRecoveryCodes')}>
        <p>{t('account.oldCodesGone')}</p>
        <RecoveryCodes
          codes={newCodes}
          email={user.email}
          doneLabel={t('account.done')}
          onDone={() => {
            setNewCodes(null);
            setAction('none');
          }}
        />
      </Card>
    );
  }

  function submit(e: FormEvent) {
    e.preventDefault();
    if (action === 'disable') disable.mutate({ code: code.trim() });
    if (action === 'codes') regenerate.mutate({ code: code.trim() });
  }

  return (
    <Card title={t('account.twoFactor')}>
      {disable.isSuccess ? (
        <Alert tone="success">
          <p>{t('account.twoFactorOff')}</p>
        </Alert>
      ) : null}
      {method ? (
        <p>
          {t('account.on')} <strong>{TWO_FACTOR_METHOD_LABELS[language][method]}</strong>
        </p>
      ) : (
        <p>{t('account.offExplained')}</p>
      )}
      <div className="row" style={{ marginBottom: action === 'none' ? 0 : '1rem' }}>
        <Button
          size="small"
          variant={method ? 'secondary' : 'primary'}
          onClick={() => navigate(ROUTES.accountTwoFactor)}
        >
          {method ? t('account.switchMethod') : t('account.turnOn')}
        </Button>
        {method ? (
          <>
            <Button
              size="small"
              variant="secondary"
              aria-expanded={action === 'codes'}
              onClick={() => {
                setAction(action === 'codes' ? 'none' : 'codes');
                setCode('');
              }}
            >
              {t('account.newRecoveryCodes')}
            </Button>
            <Button
              size="small"
              variant="danger"
              aria-expanded={action === 'disable'}
              disabled={requiredBy !== null}
              aria-describedby={requiredBy ? 'two-factor-required' : undefined}
              onClick={() => {
                setAction(action === 'disable' ? 'none' : 'disable');
                setCode('');
              }}
            >
              {t('account.turnOff')}
            </Button>
          </>
        ) : null}
      </div>
      {method && requiredBy ? (
        <p className="small muted" id="two-factor-required" data-testid="two-factor-required">
          {t('account.twoFactorRequired', { organization: requiredBy })}
        </p>
      ) : null}
      {method && action !== 'none' ? (
        <form onSubmit={submit} noValidate>
          <p>{action === 'disable' ? t('account.confirmDisable') : t('account.confirmCodes')}</p>
          <CurrentCodeField
            method={method}
            value={code}
            onChange={setCode}
            error={fieldError(error, 'code', ['INVALID_CODE', 'TWO_FACTOR_REQUIRED'])}
          />
          <FormError error={error} fields={['code']} fieldCodes={['INVALID_CODE', 'TWO_FACTOR_REQUIRED']} />
          <Button
            type="submit"
            variant={action === 'disable' ? 'danger' : 'primary'}
            busy={disable.isPending || regenerate.isPending}
            disabled={code.trim().length < 6}
            reason={t('account.typeCodeFirst')}
          >
            {action === 'disable' ? t('account.disableSubmit') : t('account.makeCodes')}
          </Button>
        </form>
      ) : null}
    </Card>
  );
}

function PasswordCard({ user }: { user: User }) {
  const { t } = useLanguage();
  const refreshSession = useRefreshSession();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const change = trpc.auth.setPassword.useMutation({
    onSuccess: () => {
      setCurrent('');
      setNext('');
      refreshSession();
    },
  });
  const error = describeApiError(change.error);
  function submit(e: FormEvent) {
    e.preventDefault();
    change.mutate(user.hasPassword ? { newPassword: next, currentPassword: current } : { newPassword: next });
  }
  return (
    <Card title={t('account.password')}>
      <form onSubmit={submit} noValidate>
        {/* A hidden username helps password managers file the new password under the right account. */}
        <input type="email" name="username" autoComplete="username" value={user.email} readOnly hidden />
        {user.hasPassword ? (
          <TextField
            label={t('account.currentPassword')}
            type="password"
            name="currentPassword"
            autoComplete="current-password"
            value={current}
            onChange={(e) => setCurrent(e.target.value)}
            error={fieldError(error, 'currentPassword', ['INVALID_CREDENTIALS'])}
          />
        ) : (
          <p className="muted small">{t('account.noPassword')}</p>
        )}
        <TextField
          label={t('account.newPassword')}
          type="password"
          name="newPassword"
          autoComplete="new-password"
          hint={t('account.passwordHint')}
          value={next}
          onChange={(e) => setNext(e.target.value)}
          error={fieldError(error, 'newPassword')}
        />
        <FormError
          error={error}
          fields={['currentPassword', 'newPassword']}
          fieldCodes={user.hasPassword ? ['INVALID_CREDENTIALS'] : []}
        />
        {change.isSuccess ? (
          <Alert tone="success">
            <p>{t('account.passwordSaved')}</p>
          </Alert>
        ) : null}
        <Button type="submit" busy={change.isPending}>
          {user.hasPassword ? t('account.changePassword') : t('account.savePassword')}
        </Button>
      </form>
    </Card>
  );
}

function EmailsCard() {
  const utils = trpc.useUtils();
  const { t } = useLanguage();
  const emails = trpc.account.emails.useQuery();
  const [address, setAddress] = useState('');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const refresh = () => void utils.account.emails.invalidate();
  const add = trpc.account.addEmail.useMutation({
    onSuccess: (_d, input) => {
      setSentTo(input.email);
      setAddress('');
    },
  });
  const confirm = trpc.account.confirmEmail.useMutation({
    onSuccess: () => {
      setSentTo(null);
      setCode('');
      refresh();
    },
  });
  const remove = trpc.account.removeEmail.useMutation({ onSuccess: refresh });
  const addError = describeApiError(add.error);
  const confirmError = describeApiError(confirm.error);

  return (
    <Card title={t('account.emails')}>
      {emails.isPending ? (
        <Loading />
      ) : emails.error ? (
        <Alert tone="error">
          <p>{describeApiError(emails.error)?.message}</p>
        </Alert>
      ) : (
        <ul className="list">
          <li className="row between">
            <span>{emails.data.primary}</span> <span className="badge">{t('account.primary')}</span>
          </li>
          {emails.data.secondary.map((email) => (
            <li key={email} className="row between">
              <span>{email}</span>
              <Button
                size="small"
                variant="danger"
                busy={remove.isPending && remove.variables?.email === email}
                onClick={() => remove.mutate({ email })}
                aria-label={t('account.removeAddress', { email })}
              >
                {t('account.remove')}
              </Button>
            </li>
          ))}
        </ul>
      )}
      <FormError error={describeApiError(remove.error)} />
      {confirm.isSuccess ? (
        <Alert tone="success">
          <p>{t('account.addressAdded')}</p>
        </Alert>
      ) : null}
      {sentTo ? (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            confirm.mutate({ code });
          }}
          noValidate
        >
          <Alert tone="info">
            <p>
              {t('account.confirmationSentBefore')} <strong>{sentTo}</strong>
              {t('account.confirmationSentAfter')}
            </p>
          </Alert>
          <CodeInput
            label={t('account.codeFromMail')}
            name="code"
            value={code}
            onChange={setCode}
            error={fieldError(confirmError, 'code', ['INVALID_LINK', 'INVALID_CODE'])}
          />
          <FormError error={confirmError} fields={['code']} fieldCodes={['INVALID_LINK', 'INVALID_CODE']} />
          <div className="row">
            <Button type="submit" busy={confirm.isPending} disabled={code.length !== 6}>
              {t('account.confirmAddress')}
            </Button>
            <Button variant="link" onClick={() => setSentTo(null)}>
              {t('account.cancel')}
            </Button>
          </div>
        </form>
      ) : (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            add.mutate({ email: address.trim() });
          }}
          noValidate
          style={{ marginTop: '1rem' }}
        >
          <TextField
            label={t('account.addAddress')}
            type="email"
            name="email"
            autoComplete="email"
            inputMode="email"
            value={address}
            onChange={(e) => setAddress(e.target.value)}
            error={fieldError(addError, 'email', ['CONFLICT'])}
            hint={t('account.addHint')}
          />
          <FormError error={addError} fields={['email']} fieldCodes={['CONFLICT']} />
          <Button type="submit" variant="secondary" busy={add.isPending}>
            {t('account.sendConfirmation')}
          </Button>
        </form>
      )}
    </Card>
  );
}

function SessionsCard() {
  const { t } = useLanguage();
  const forget = useForgetSession();
  const [, navigate] = useLocation();
  const logout = trpc.auth.logout.useMutation({
    onSettled: () => {
      forget();
      navigate(ROUTES.login);
    },
  });
  const everywhere = trpc.auth.signOutEverywhere.useMutation();
  return (
    <Card title={t('account.signInCard')}>
      {everywhere.isSuccess ? (
        <Alert tone="success">
          <p>{t('account.othersSignedOut')}</p>
        </Alert>
      ) : null}
      <FormError error={describeApiError(everywhere.error)} />
      <div className="row">
        <Button variant="secondary" busy={logout.isPending} onClick={() => logout.mutate()}>
          {t('account.signOut')}
        </Button>
        <Button variant="secondary" busy={everywhere.isPending} onClick={() => everywhere.mutate()}>
          {t('account.signOutOthers')}
        </Button>
      </div>
    </Card>
  );
}

function MergeCard() {
  const { t } = useLanguage();
  const [address, setAddress] = useState('');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const queryClient = useQueryClient();
  const setUser = useSetUser();
  const request = trpc.account.requestMerge.useMutation({ onSuccess: (_d, input) => setSentTo(input.email) });
  const confirm = trpc.account.confirmMerge.useMutation({
    onSuccess: ({ user }) => {
      setSentTo(null);
      setCode('');
      setUser(user);
      void queryClient.invalidateQueries();
    },
  });
  const requestError = describeApiError(request.error);
  const confirmError = describeApiError(confirm.error);
  return (
    <Card title={t('account.merge')}>
      <p className="small muted">{t('account.mergeIntro')}</p>
      {confirm.isSuccess ? (
        <Alert tone="success">
          <p>{t('account.merged', { moved: movedText(confirm.data.moved, t) })}</p>
        </Alert>
      ) : null}
      {sentTo ? (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            confirm.mutate({ code });
          }}
          noValidate
        >
          <Alert tone="info">
            <p>
              {t('account.confirmationSentBefore')} <strong>{sentTo}</strong>
              {t('account.mergeSentAfter')}
            </p>
          </Alert>
          <CodeInput
            label={t('account.codeFromMail')}
            name="code"
            value={code}
            onChange={setCode}
            error={fieldError(confirmError, 'code', ['INVALID_LINK', 'INVALID_CODE'])}
          />
          <FormError error={confirmError} fields={['code']} fieldCodes={['INVALID_LINK', 'INVALID_CODE']} />
          <div className="row">
            <Button type="submit" busy={confirm.isPending} disabled={code.length !== 6}>
              {t('account.mergeSubmit')}
            </Button>
            <Button variant="link" onClick={() => setSentTo(null)}>
              {t('account.cancel')}
            </Button>
          </div>
        </form>
      ) : (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            request.mutate({ email: address.trim() });
          }}
          noValidate
        >
          <TextField
            label={t('account.otherAddress')}
            type="email"
            name="email"
            inputMode="email"
            value={address}
            onChange={(e) => setAddress(e.target.value)}
            error={fieldError(requestError, 'email', ['EMAIL_NOT_FOUND', 'CONFLICT'])}
          />
          <FormError error={requestError} fields={['email']} fieldCodes={['EMAIL_NOT_FOUND', 'CONFLICT']} />
          <Button type="submit" variant="secondary" busy={request.isPending}>
            {t('account.sendConfirmation')}
          </Button>
        </form>
      )}
    </Card>
  );
}
