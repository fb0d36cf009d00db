import { useState, type FormEvent } from 'react';
import { useLocation } from 'wouter';
import { describeApiError, fieldError } from '../../lib/api-error';
import { ROUTES } from '../../routes';
import { useRefreshSession, type User } from '../../session/useSession';
import { trpc } from '../../trpc';
import { useLanguage } from '../../i18n';
import { Alert, Button, Card, FormError } from '../../ui';
import { RecoveryCodes } from '../auth/RecoveryCodes';
import { TWO_FACTOR_METHOD_LABELS } from '../../../../shared/values';
import { CurrentCodeField } from './CurrentCodeField';

/** Two-factor on the account: which method, switching it, new recovery codes, and turning it off. */
export function TwoFactorCard({ user }: { user: User }) {
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
