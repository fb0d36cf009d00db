import { useState, type FormEvent } from 'react';
import { describeApiError, fieldError } from '../../lib/api-error';
import { useRefreshSession, type User } from '../../session/useSession';
import { trpc } from '../../trpc';
import { useLanguage } from '../../i18n';
import { Alert, Button, Card, FormError, TextField } from '../../ui';

/** Setting a first password, or changing one (which signs out the other devices). */
export function PasswordCard({ user }: { user: User }) {
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
