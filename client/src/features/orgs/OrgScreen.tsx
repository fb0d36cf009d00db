import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link, useLocation, useParams } from 'wouter';
import { describeApiError, fieldError } from '../../lib/api-error';
import { ROUTES } from '../../routes';
import { useSession } from '../../session/useSession';
import { useTRPC } from '../../trpc';
import { Alert, Button, Card, EmptyState, FormError, Loading, Page, Pager, SelectField, TextField } from '../../ui';
import { PendingInvitations } from './PendingInvitations';
import { assignableRoles, describeAuditEntry, isAdminRole, ROLE_NAME, type Role } from './roles';

const AUDIT_PAGE_SIZE = 20;

export default function OrgScreen() {
  const { id = '' } = useParams<{ id: string }>();
  const trpc = useTRPC();
  const org = useQuery(trpc.orgs.get.queryOptions({ organizationId: id }));
  if (org.isPending) return <Loading text="Henter klubben …" />;
  if (org.error) {
    return (
      <Page title="Klubb">
        <Alert tone="error">
          <p>{describeApiError(org.error)?.message}</p>
        </Alert>
        <Link href={ROUTES.orgs}>Tilbake til klubbene</Link>
      </Page>
    );
  }
  const admin = isAdminRole(org.data.role);
  return (
    <Page title={org.data.name}>
      <p className="muted">
        Din rolle: <span className="badge">{ROLE_NAME[org.data.role]}</span> ·{' '}
        <Link href={ROUTES.orgs}>Alle klubber</Link>
      </p>
      <Link href={ROUTES.tournaments(id)} className="btn secondary block" style={{ marginBottom: '0.5rem' }}>
        Turneringer
      </Link>
      <ChatLink organizationId={id} />
      <div className={admin ? 'grid-cols' : undefined}>
        <div>
          <Members organizationId={id} myRole={org.data.role} />
          {admin ? <Invite organizationId={id} myRole={org.data.role} /> : null}
          <Leave organizationId={id} />
        </div>
        {admin ? <AuditLog organizationId={id} /> : null}
      </div>
    </Page>
  );
}

/** The way into the club's team chat, with its unread count. */
function ChatLink({ organizationId }: { organizationId: string }) {
  const trpc = useTRPC();
  const unread = useQuery(trpc.chat.unread.queryOptions({ organizationId }));
  const count = unread.data?.unread ?? 0;
  return (
    <Link href={ROUTES.chat(organizationId)} className="btn secondary block" style={{ marginBottom: '1rem' }}>
      Lagprat
      {count > 0 ? (
        <span className="badge" data-testid="club-unread">
          {count} uleste
        </span>
      ) : null}
    </Link>
  );
}

function Members({ organizationId, myRole }: { organizationId: string; myRole: Role }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const session = useSession();
  const me = session.status === 'full' ? session.user.id : null;
  const members = useQuery(trpc.orgs.members.queryOptions({ organizationId }));
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: trpc.orgs.members.queryKey({ organizationId }) });
    void queryClient.invalidateQueries({ queryKey: trpc.orgs.auditLog.queryKey() });
  };
  const setRole = useMutation(trpc.orgs.setRole.mutationOptions({ onSuccess: refresh }));
  const remove = useMutation(trpc.orgs.removeMember.mutationOptions({ onSuccess: refresh }));
  const admin = isAdminRole(myRole);
  const roles = assignableRoles(myRole);
  const error = describeApiError(setRole.error ?? remove.error);
  const failedFor = setRole.error ? setRole.variables?.userId : remove.error ? remove.variables?.userId : undefined;

  return (
    <Card title="Medlemmer">
      {members.isPending ? (
        <Loading text="Henter medlemmer …" />
      ) : members.error ? (
        <Alert tone="error">
          <p>{describeApiError(members.error)?.message}</p>
        </Alert>
      ) : (
        <ul className="list" aria-label="Medlemmer">
          {members.data.members.map((m) => {
            // An admin cannot change an owner; only an owner touches owners (the server has the last word).
            const editable = admin && m.userId !== me && (myRole === 'owner' || m.role !== 'owner');
            return (
              <li key={m.userId} data-testid="member">
                <div className="row between">
                  <div>
                    <strong>{m.name ?? m.email}</strong>
                    {m.name ? <div className="small muted">{m.email}</div> : null}
                  </div>
                  {editable ? (
                    <div className="row">
                      <label className="visually-hidden" htmlFor={`role-${m.userId}`}>
                        Rolle for {m.name ?? m.email}
                      </label>
                      <select
                        id={`role-${m.userId}`}
                        className="btn secondary small"
                        value={m.role}
                        disabled={setRole.isPending}
                        onChange={(e) =>
                          setRole.mutate({ organizationId, userId: m.userId, role: e.target.value as Role })
                        }
                      >
                        {(roles.includes(m.role) ? roles : [m.role, ...roles]).map((r) => (
                          <option key={r} value={r}>
                            {ROLE_NAME[r]}
                          </option>
                        ))}
                      </select>
                      <Button
                        size="small"
                        variant="danger"
                        busy={remove.isPending && remove.variables?.userId === m.userId}
                        onClick={() => remove.mutate({ organizationId, userId: m.userId })}
                        aria-label={`Fjern ${m.name ?? m.email}`}
                      >
                        Fjern
                      </Button>
                    </div>
                  ) : (
                    <span className="badge">
                      {ROLE_NAME[m.role]}
                      {m.userId === me ? ' (deg)' : ''}
                    </span>
                  )}
                </div>
                {failedFor === m.userId && error ? (
                  <p className="small" role="alert" style={{ color: 'var(--danger)', margin: '0.25rem 0 0' }}>
                    {error.message}
                  </p>
                ) : null}
              </li>
            );
          })}
        </ul>
      )}
      {admin ? <PendingInvitations organizationId={organizationId} myRole={myRole} /> : null}
    </Card>
  );
}

function Invite({ organizationId, myRole }: { organizationId: string; myRole: Role }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<Role>('member');
  const add = useMutation(
    trpc.orgs.addMember.mutationOptions({
      onSuccess: () => {
        setEmail('');
        void queryClient.invalidateQueries({ queryKey: trpc.orgs.members.queryKey({ organizationId }) });
        void queryClient.invalidateQueries({ queryKey: trpc.orgs.invitations.queryKey({ organizationId }) });
        void queryClient.invalidateQueries({ queryKey: trpc.orgs.auditLog.queryKey() });
      },
    }),
  );
  const error = describeApiError(add.error);
  function submit(e: FormEvent) {
    e.preventDefault();
    add.mutate({ organizationId, email: email.trim(), role });
  }
  return (
    <Card title="Inviter">
      <form onSubmit={submit} noValidate>
        <TextField
          label="E-postadresse"
          type="email"
          name="email"
          inputMode="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          error={fieldError(error, 'email', ['CONFLICT'])}
        />
        <SelectField
          label="Rolle"
          name="role"
          value={role}
          onChange={(e) => setRole(e.target.value as Role)}
          error={fieldError(error, 'role')}
        >
          {assignableRoles(myRole).map((r) => (
            <option key={r} value={r}>
              {ROLE_NAME[r]}
            </option>
          ))}
        </SelectField>
        <FormError error={error} fields={['email', 'role']} fieldCodes={['CONFLICT']} />
        {add.isSuccess ? (
          <Alert tone="success">
            <p>
              {add.data.result === 'added'
                ? `${add.data.member.name ?? add.data.member.email} er lagt til som ${ROLE_NAME[add.data.member.role].toLowerCase()}.`
                : `Invitasjon sendt til ${add.data.invitation.email}. Den blir med når hen logger inn.`}
            </p>
          </Alert>
        ) : null}
        <Button type="submit" busy={add.isPending}>
          Inviter
        </Button>
      </form>
    </Card>
  );
}

function Leave({ organizationId }: { organizationId: string }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const session = useSession();
  const [, navigate] = useLocation();
  const [sure, setSure] = useState(false);
  const leave = useMutation(
    trpc.orgs.removeMember.mutationOptions({
      onSuccess: () => {
        void queryClient.invalidateQueries({ queryKey: trpc.orgs.mine.queryKey() });
        navigate(ROUTES.orgs);
      },
    }),
  );
  if (session.status !== 'full') return null;
  return (
    <Card title="Forlat klubben">
      <FormError error={describeApiError(leave.error)} />
      {sure ? (
        <div className="row">
          <Button
            variant="danger"
            busy={leave.isPending}
            onClick={() => leave.mutate({ organizationId, userId: session.user.id })}
          >
            Ja, forlat klubben
          </Button>
          <Button variant="link" onClick={() => setSure(false)}>
            Avbryt
          </Button>
        </div>
      ) : (
        <Button variant="danger" onClick={() => setSure(true)}>
          Forlat klubben
        </Button>
      )}
    </Card>
  );
}

function AuditLog({ organizationId }: { organizationId: string }) {
  const trpc = useTRPC();
  const [page, setPage] = useState(1);
  const log = useQuery(
    trpc.orgs.auditLog.queryOptions(
      { organizationId, page, limit: AUDIT_PAGE_SIZE },
      { placeholderData: (previous) => previous },
    ),
  );
  return (
    <Card title="Logg">
      {log.isPending ? (
        <Loading text="Henter loggen …" />
      ) : log.error ? (
        <Alert tone="error">
          <p>{describeApiError(log.error)?.message}</p>
        </Alert>
      ) : log.data.entries.length === 0 ? (
        <EmptyState title="Ingen hendelser ennå" />
      ) : (
        <>
          <ol className="list" aria-label="Hendelser, nyeste først">
            {log.data.entries.map((entry) => (
              <li key={entry.id}>
                <div>{describeAuditEntry(entry)}</div>
                <div className="small muted">
                  <time dateTime={entry.createdAt}>
                    {new Date(entry.createdAt).toLocaleString('nb-NO', { dateStyle: 'medium', timeStyle: 'short' })}
                  </time>
                </div>
              </li>
            ))}
          </ol>
          <Pager
            page={page}
            total={log.data.total}
            pageSize={AUDIT_PAGE_SIZE}
            onPage={setPage}
            previousLabel="Nyere"
            nextLabel="Eldre"
          />
        </>
      )}
    </Card>
  );
}
