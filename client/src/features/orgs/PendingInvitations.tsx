import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { describeApiError } from '../../lib/api-error';
import { useTRPC } from '../../trpc';
import { Alert, Button, Loading } from '../../ui';
import { ROLE_NAME, type Role } from './roles';

const sentFormat = new Intl.DateTimeFormat('nb-NO', { dateStyle: 'medium', timeStyle: 'short' });
const untilFormat = new Intl.DateTimeFormat('nb-NO', { dateStyle: 'medium' });

/**
 * The invitations nobody has answered yet, under the members, for owners and admins: address, role, when
 * sent and until when; resend (a new link, the old one stops working) or withdraw. Only an owner touches an
 * invitation as owner (the server says so otherwise).
 */
export function PendingInvitations({ organizationId, myRole }: { organizationId: string; myRole: Role }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const pending = useQuery(trpc.orgs.invitations.queryOptions({ organizationId }));
  const [confirming, setConfirming] = useState<string | null>(null);
  // What the last resend or withdrawal did: one message at a time.
  const [notice, setNotice] = useState<string | null>(null);
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: trpc.orgs.invitations.queryKey({ organizationId }) });
    void queryClient.invalidateQueries({ queryKey: trpc.orgs.auditLog.queryKey() });
  };
  const resend = useMutation(
    trpc.orgs.resendInvitation.mutationOptions({
      onSuccess: ({ invitation }) => {
        setNotice(`Ny invitasjon sendt til ${invitation.email}. Den forrige lenken virker ikke lenger.`);
        refresh();
      },
    }),
  );
  const cancel = useMutation(
    trpc.orgs.cancelInvitation.mutationOptions({
      onSuccess: () => {
        setConfirming(null);
        setNotice('Invitasjonen er trukket tilbake. Lenken i den virker ikke lenger.');
        refresh();
      },
    }),
  );
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

  if (pending.isPending) return <Loading text="Henter invitasjoner …" />;
  if (pending.error) {
    return (
      <Alert tone="error">
        <p>{describeApiError(pending.error)?.message}</p>
      </Alert>
    );
  }
  const { invitations, total } = pending.data;
  return (
    <div data-testid="pending-invitations" style={{ marginTop: '1.5rem' }}>
      <h3>Invitert, ikke svart ennå</h3>
      {notice ? (
        <Alert tone="success">
          <p>{notice}</p>
        </Alert>
      ) : null}
      {invitations.length === 0 ? (
        <p className="small muted">Ingen invitasjoner venter på svar.</p>
      ) : (
        <ul className="list" aria-label="Invitasjoner som venter på svar">
          {invitations.map((invitation) => {
            const mayTouch = invitation.role !== 'owner' || myRole === 'owner';
            return (
              <li key={invitation.id} data-testid="pending-invitation">
                <div>
                  <strong style={{ overflowWrap: 'anywhere' }}>{invitation.email}</strong>
                  <div className="small muted">
                    {ROLE_NAME[invitation.role]} · sendt{' '}
                    <time dateTime={invitation.createdAt}>{sentFormat.format(new Date(invitation.createdAt))}</time>
                    {invitation.invitedBy ? ` av ${invitation.invitedBy}` : ''} · gjelder til{' '}
                    <time dateTime={invitation.expiresAt}>{untilFormat.format(new Date(invitation.expiresAt))}</time>
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
                        Ja, trekk tilbake
                      </Button>
                      <Button size="small" variant="link" onClick={() => setConfirming(null)}>
                        Avbryt
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
                        Send på nytt<span className="visually-hidden"> til {invitation.email}</span>
                      </Button>
                      <Button
                        size="small"
                        variant="danger"
                        disabled={busy}
                        onClick={() => setConfirming(invitation.id)}
                      >
                        Trekk tilbake<span className="visually-hidden"> invitasjonen til {invitation.email}</span>
                      </Button>
                    </div>
                  )
                ) : null}
                {failedFor === invitation.id && error ? (
                  <p className="small" role="alert" style={{ color: 'var(--danger)', margin: '0.25rem 0 0' }}>
                    {error.message}
                  </p>
                ) : null}
              </li>
            );
          })}
        </ul>
      )}
      {total > invitations.length ? (
        <p className="small muted">
          Viser de {invitations.length} nyeste av {total} invitasjoner.
        </p>
      ) : null}
    </div>
  );
}
