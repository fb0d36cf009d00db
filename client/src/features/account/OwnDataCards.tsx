import { useState, type FormEvent } from 'react';
import { useLocation } from 'wouter';
import type { ErrorBody } from '../../../../shared/errors';
import { describeApiError, fieldError, networkMessage } from '../../lib/api-error';
import { ROUTES } from '../../routes';
import { useForgetSession, type User } from '../../session/useSession';
import { trpc } from '../../trpc';
import { currentLanguage, useLanguage } from '../../i18n';
import { Alert, Button, Card, CodeInput, FormError } from '../../ui';
import { CurrentCodeField } from './CurrentCodeField';

/** The REST download of GET /account/export (decision 0106): the file name the server gave it. */
const EXPORT_PATH = '/account/export';

function filenameOf(disposition: string | null): string {
  return /filename="([^"]+)"/.exec(disposition ?? '')?.[1] ?? 'golf-mine-data.json';
}

/** "Last ned mine data": the JSON file of everything the service holds about the user (GDPR art. 15 and 20). */
export function ExportCard() {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const { t } = useLanguage();

  async function download() {
    setBusy(true);
    setError(null);
    setDone(false);
    try {
      const res = await fetch(EXPORT_PATH, {
        credentials: 'same-origin',
        headers: { accept: 'application/json', 'accept-language': currentLanguage() },
      });
      if (!res.ok) {
        const body = (await res.json().catch(() => null)) as ErrorBody | null;
        setError(body?.error.message ?? networkMessage());
        return;
      }
      const blob = await res.blob();
      const url = URL.createObjectURL(blob);
      const a = document.createElement('a');
      a.href = url;
      a.download = filenameOf(res.headers.get('content-disposition'));
      document.body.append(a);
      a.click();
      a.remove();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
      setDone(true);
    } catch {
      setError(networkMessage());
    } finally {
      setBusy(false);
    }
  }

  return (
    <Card title={t('ownData.title')}>
      <p className="small">{t('ownData.explain')}</p>
      {error ? (
        <Alert tone="error">
          <p>{error}</p>
        </Alert>
      ) : null}
      {done ? (
        <Alert tone="success">
          <p>{t('ownData.downloaded')}</p>
        </Alert>
      ) : null}
      <Button variant="secondary" busy={busy} onClick={() => void download()}>
        {t('ownData.download')}
      </Button>
    </Card>
  );
}

/**
 * "Slett kontoen": a code mailed to the primary address, plus the second factor when 2FA is on; what goes
 * and what stays is said before anything happens (decision 0107). Afterwards the app is signed out and
 * shows a plain confirmation.
 */
export function DeleteAccountCard({ user }: { user: User }) {
  const { t } = useLanguage();
  const forget = useForgetSession();
  const [, navigate] = useLocation();
  const [open, setOpen] = useState(false);
  const [code, setCode] = useState('');
  const [twoFactorCode, setTwoFactorCode] = useState('');
  const request = trpc.account.requestDeletionCode.useMutation();
  const remove = trpc.account.delete.useMutation({
    onSuccess: () => {
      forget();
      navigate(ROUTES.accountDeleted, { replace: true });
    },
  });
  const requestError = describeApiError(request.error);
  const removeError = describeApiError(remove.error);
  const method = user.twoFactorMethod;

  function submit(e: FormEvent) {
    e.preventDefault();
    remove.mutate(method ? { code, twoFactorCode: twoFactorCode.trim() } : { code });
  }

  return (
    <Card title={t('ownData.deleteTitle')}>
      <p className="small">{t('ownData.cannotUndo')}</p>
      <ul className="small">
        <li>{t('ownData.gone')}</li>
        <li>{t('ownData.stays')}</li>
        <li>{t('ownData.clubs')}</li>
      </ul>
      {!open ? (
        <Button variant="danger" onClick={() => setOpen(true)}>
          {t('ownData.deleteButton')}
        </Button>
      ) : (
        <form onSubmit={submit} noValidate>
          {request.isSuccess ? (
            <Alert tone="info">
              <p>
                {t('ownData.codeSentBefore')} <strong>{user.email}</strong>
                {t('ownData.codeSentAfter')}
              </p>
            </Alert>
          ) : (
            <p>{t('ownData.firstCode')}</p>
          )}
          <FormError error={requestError} />
          <div className="row" style={{ marginBottom: '1rem' }}>
            <Button
              variant="secondary"
              size="small"
              busy={request.isPending}
              onClick={() => request.mutate()}
              disabled={request.isPending}
            >
              {request.isSuccess ? t('ownData.sendNewCode') : t('ownData.sendCode')}
            </Button>
          </div>
          {request.isSuccess ? (
            <>
              <CodeInput
                label={t('ownData.deletionCode')}
                name="deletionCode"
                value={code}
                onChange={setCode}
                error={fieldError(removeError, 'code', method ? [] : ['INVALID_CODE'])}
              />
              {method ? (
                <CurrentCodeField
                  method={method}
                  value={twoFactorCode}
                  onChange={setTwoFactorCode}
                  error={fieldError(removeError, 'twoFactorCode')}
                />
              ) : null}
              {/* With 2FA on, a wrong code may be either one: said once, under both fields. */}
              <FormError
                error={removeError}
                fields={['code', 'twoFactorCode']}
                fieldCodes={method ? [] : ['INVALID_CODE']}
              />
              <div className="row">
                <Button
                  type="submit"
                  variant="danger"
                  busy={remove.isPending}
                  disabled={code.length !== 6 || (method !== null && twoFactorCode.trim().length < 6)}
                >
                  {t('ownData.deleteForGood')}
                </Button>
                <Button
                  variant="link"
                  onClick={() => {
                    setOpen(false);
                    setCode('');
                    setTwoFactorCode('');
                  }}
                >
                  {t('ownData.cancel')}
                </Button>
              </div>
            </>
          ) : null}
        </form>
      )}
    </Card>
  );
}
