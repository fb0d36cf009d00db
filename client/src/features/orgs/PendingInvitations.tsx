import { useState } from 'react';
import { describeApiError } from '../../lib/api-error';
import { trpc } from '../../trpc';
import { Alert, Button } from '../../ui';
import { formatDateTime, formatDay } from '../../../../shared/format/dates';
import { ROLE_LABELS } from '../../../../shared/values';
import { useLanguage } from '../../i18n';
import type { Role } from './roles';
import { RowError } from './RowError';
import { WhenLoaded } from '../../ui/WhenLoaded';

/**
 * The invitations nobody has answered yet, under the members, for owners and admins: address, role, when
 * sent and until when; resend (a new link, the old one stops working) or withdraw. Only an owner touches an
 * invitation as owner (the server says so otherwise).
 */
export function PendingInvitations({ organizationId, myRole }: { organizationId: string; myRole: Role }) {
  const utils = trpc.useUtils();
  const { t, language } = useLanguage();
  const pending = trpc.orgs.invitations.useQuery({ organizationId });
  const [confirming, setConfirming] = useState<string | null>(null);
  // What the last resend or withdrawal did: one message at a time.
  const [notice, setNotice] = useState<string | null>(null);
  const refresh = () => {
    void utils.orgs.invitations.invalidate({ organizationId });
    void utils.orgs.auditLog.invalidate();
  };
  const resend = trpc.orgs.resendInvitation.useMutation({
    onSuccess: ({ invitation }) => {
      setNotice(t('orgs.pending.resent', { email: invitation.email }));
      refresh();
    },
  });
  const cancel = trpc.orgs.cancelInvitation.useMutation({
    onSuccess: () => {
      setConfirming(null);
      setNotice(t('orgs.pending.withdrawn'));
      refresh();
    },
  });
  /** Starts one action: the other's message or error is from before and goes. */
  const start = (action: 'resend' | 'cancel', invitationId: string) => {
    setNotice(null);
    (action === 'resend' ? cancel : resend).reset();
    if (action === 'resend') resend.mutate({ organizationId, invitationId });
    else cancel.mutate({ organizationId, invitationId });
  };
  const busy = resend.isPending || cancel.isPending;
  const error = describeApiError(resend.error ?? cancel.error);
  const failedFor = resend.error ? resend.variables?.invitationId : cancel.variables?.invitationId;

  return (
    <WhenLoaded query={pending} loading={t('orgs.pending.loading')}>
      {({ invitations, total }) => (
        <div data-testid="pending-invitations" style={{ marginTop: '1.5rem' }}>
          <h3>{t('orgs.pending.title')}</h3>
          {notice ? (
            <Alert tone="success">
              <p>{notice}</p>
            </Alert>
          ) : null}
          {invitations.length === 0 ? (
            <p className="small muted">{t('orgs.pending.none')}</p>
          ) : (
            <ul className="list" aria-label={t('orgs.pending.list')}>
              {invitations.map((invitation) => {
                const mayTouch = invitation.role !== 'owner' || myRole === 'owner';
                return (
                  <li key={invitation.id} data-testid="pending-invitation">
                    <div>
                      <strong style={{ overflowWrap: 'anywhere' }}>{invitation.email}</strong>
                      <div className="small muted">
                        {ROLE_LABELS[language][invitation.role]} · {t('orgs.pending.sent')}{' '}
                        <time dateTime={invitation.createdAt}>
                          {formatDateTime(new Date(invitation.createdAt), language)}
                        </time>
                        {invitation.invitedBy ? ` ${t('orgs.pending.by', { name: invitation.invitedBy })}` : ''} ·{' '}
                        {t('orgs.pending.validUntil')}{' '}
                        <time dateTime={invitation.expiresAt}>
                          {formatDay(new Date(invitation.expiresAt), language)}
                        </time>
                      </div>
                    </div>
                    {mayTouch ? (
                      confirming === invitation.id ? (
                        <div className="row" style={{ marginTop: '0.5rem' }}>
                          <Button
                            size="small"
                            variant="danger"
                            busy={cancel.isPending}
                            onClick={() => start('cancel', invitation.id)}
                          >
                            {t('orgs.pending.withdrawConfirm')}
                          </Button>
                          <Button size="small" variant="link" onClick={() => setConfirming(null)}>
                            {t('orgs.cancel')}
                          </Button>
                        </div>
                      ) : (
                        <div className="row" style={{ marginTop: '0.5rem' }}>
                          <Button
                            size="small"
                            variant="secondary"
                            disabled={busy}
                            busy={resend.isPending && resend.variables?.invitationId === invitation.id}
                            onClick={() => start('resend', invitation.id)}
                          >
                            {t('orgs.pending.resend')}
                            <span className="visually-hidden">
                              {' '}
                              {t('orgs.pending.resendTo', { email: invitation.email })}
                            </span>
                          </Button>
                          <Button
                            size="small"
                            variant="danger"
                            disabled={busy}
                            onClick={() => setConfirming(invitation.id)}
                          >
                            {t('orgs.pending.withdraw')}
                            <span className="visually-hidden">
                              {' '}
                              {t('orgs.pending.withdrawTo', { email: invitation.email })}
                            </span>
                          </Button>
                        </div>
                      )
                    ) : null}
                    {failedFor === invitation.id ? <RowError error={error} /> : null}
                  </li>
                );
              })}
            </ul>
          )}
          {total > invitations.length ? (
            <p className="small muted">{t('orgs.pending.showing', { shown: invitations.length, total })}</p>
          ) : null}
        </div>
      )}
    </WhenLoaded>
  );
}
