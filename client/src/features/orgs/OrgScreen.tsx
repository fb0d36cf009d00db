import { useState, type FormEvent } from 'react';
import { Link, useLocation, useParams } from 'wouter';
import { describeApiError, fieldError } from '../../lib/api-error';
import { ROUTES } from '../../routes';
import { useSession } from '../../session/useSession';
import { trpc } from '../../trpc';
import { Alert, Button, Card, EmptyState, FormError, Page, Pager, SelectField, TextField } from '../../ui';
import { WhenLoaded } from '../../ui/WhenLoaded';
import { ClubPage, type Club } from './ClubPage';
import { ClubResults } from './ClubResults';
import { PendingInvitations } from './PendingInvitations';
import { formatDateTime } from '../../../../shared/format/dates';
import { ROLE_LABELS } from '../../../../shared/values';
import { useLanguage } from '../../i18n';
import { assignableRoles, describeAuditEntry, isAdminRole, type Role } from './roles';
import { RowError } from './RowError';

const AUDIT_PAGE_SIZE = 20;

export default function OrgScreen() {
  const { id = '' } = useParams<{ id: string }>();
  const { t } = useLanguage();
  return (
    <ClubPage
      organizationId={id}
      loading={t('orgs.loadingClub')}
      title={t('orgs.club')}
      backLabel={t('orgs.backToClubs')}
    >
      {(club) => <ClubOverview id={id} club={club} />}
    </ClubPage>
  );
}

/** The club's page: the way to its tournaments and chat, its results, members, invitations and log. */
function ClubOverview({ id, club }: { id: string; club: Club }) {
  const { t, language } = useLanguage();
  const admin = isAdminRole(club.role);
  return (
    <Page title={club.name}>
      <p className="muted">
        {t('orgs.yourRole')} <span className="badge">{ROLE_LABELS[language][club.role]}</span> ·{' '}
        <Link href={ROUTES.orgs}>{t('orgs.allClubs')}</Link>
      </p>
      <Link href={ROUTES.tournaments(id)} className="btn secondary block" style={{ marginBottom: '0.5rem' }}>
        {t('orgs.tournaments')}
      </Link>
      <ChatLink organizationId={id} />
      <ClubResults organizationId={id} />
      <div className={admin ? 'grid-cols' : undefined}>
        <div>
          <Members organizationId={id} myRole={club.role} />
          {admin ? <Invite organizationId={id} myRole={club.role} /> : null}
          <Leave organizationId={id} />
        </div>
        {admin ? <AuditLog organizationId={id} /> : null}
      </div>
    </Page>
  );
}

/** The way into the club's team chat, with its unread count. */
function ChatLink({ organizationId }: { organizationId: string }) {
  const { t } = useLanguage();
  const unread = trpc.chat.unread.useQuery({ organizationId });
  const count = unread.data?.unread ?? 0;
  return (
    <Link href={ROUTES.chat(organizationId)} className="btn secondary block" style={{ marginBottom: '1rem' }}>
      {t('orgs.chat')}
      {count > 0 ? (
        <span className="badge" data-testid="club-unread">
          {t('orgs.unread', { count })}
        </span>
      ) : null}
    </Link>
  );
}

function Members({ organizationId, myRole }: { organizationId: string; myRole: Role }) {
  const utils = trpc.useUtils();
  const { t, language } = useLanguage();
  const session = useSession();
  const me = session.status === 'full' ? session.user.id : null;
  const members = trpc.orgs.members.useQuery({ organizationId });
  const refresh = () => {
    void utils.orgs.members.invalidate({ organizationId });
    void utils.orgs.auditLog.invalidate();
  };
  const setRole = trpc.orgs.setRole.useMutation({ onSuccess: refresh });
  const remove = trpc.orgs.removeMember.useMutation({ onSuccess: refresh });
  const admin = isAdminRole(myRole);
  const roles = assignableRoles(myRole);
  const error = describeApiError(setRole.error ?? remove.error);
  const failedFor = setRole.error ? setRole.variables?.userId : remove.error ? remove.variables?.userId : undefined;

  return (
    <Card title={t('orgs.members')}>
      <WhenLoaded query={members} loading={t('orgs.loadingMembers')}>
        {(data) => (
          <ul className="list" aria-label={t('orgs.members')}>
            {data.members.map((m) => {
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
                          {t('orgs.roleFor', { name: m.name ?? m.email })}
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
                              {ROLE_LABELS[language][r]}
                            </option>
                          ))}
                        </select>
                        <Button
                          size="small"
                          variant="danger"
                          busy={remove.isPending && remove.variables?.userId === m.userId}
                          onClick={() => remove.mutate({ organizationId, userId: m.userId })}
                          aria-label={t('orgs.removeName', { name: m.name ?? m.email })}
                        >
                          {t('orgs.remove')}
                        </Button>
                      </div>
                    ) : (
                      <span className="badge">
                        {ROLE_LABELS[language][m.role]}
                        {m.userId === me ? ` ${t('orgs.you')}` : ''}
                      </span>
                    )}
                  </div>
                  {failedFor === m.userId ? <RowError error={error} /> : null}
                </li>
              );
            })}
          </ul>
        )}
      </WhenLoaded>
      {admin ? <PendingInvitations organizationId={organizationId} myRole={myRole} /> : null}
    </Card>
  );
}

function Invite({ organizationId, myRole }: { organizationId: string; myRole: Role }) {
  const utils = trpc.useUtils();
  const { t, language } = useLanguage();
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<Role>('member');
  const add = trpc.orgs.addMember.useMutation({
    onSuccess: () => {
      setEmail('');
      void utils.orgs.members.invalidate({ organizationId });
      void utils.orgs.invitations.invalidate({ organizationId });
      void utils.orgs.auditLog.invalidate();
    },
  });
  const error = describeApiError(add.error);
  function submit(e: FormEvent) {
    e.preventDefault();
    add.mutate({ organizationId, email: email.trim(), role });
  }
  return (
    <Card title={t('orgs.invite')}>
      <form onSubmit={submit} noValidate>
        <TextField
          label={t('orgs.email')}
          type="email"
          name="email"
          inputMode="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          error={fieldError(error, 'email', ['CONFLICT'])}
        />
        <SelectField
          label={t('orgs.role')}
          name="role"
          value={role}
          onChange={(e) => setRole(e.target.value as Role)}
          error={fieldError(error, 'role')}
        >
          {assignableRoles(myRole).map((r) => (
            <option key={r} value={r}>
              {ROLE_LABELS[language][r]}
            </option>
          ))}
        </SelectField>
        <FormError error={error} fields={['email', 'role']} fieldCodes={['CONFLICT']} />
        {add.isSuccess ? (
          <Alert tone="success">
            <p>
              {add.data.result === 'added'
                ? t('orgs.added', {
                    name: add.data.member.name ?? add.data.member.email,
                    role: ROLE_LABELS[language][add.data.member.role].toLowerCase(),
                  })
                : t('orgs.invited', { email: add.data.invitation.email })}
            </p>
          </Alert>
        ) : null}
        <Button type="submit" busy={add.isPending}>
          {t('orgs.invite')}
        </Button>
      </form>
    </Card>
  );
}

function Leave({ organizationId }: { organizationId: string }) {
  const utils = trpc.useUtils();
  const session = useSession();
  const [, navigate] = useLocation();
  const { t } = useLanguage();
  const [sure, setSure] = useState(false);
  const leave = trpc.orgs.removeMember.useMutation({
    onSuccess: () => {
      void utils.orgs.mine.invalidate();
      navigate(ROUTES.orgs);
    },
  });
  if (session.status !== 'full') return null;
  return (
    <Card title={t('orgs.leave')}>
      <FormError error={describeApiError(leave.error)} />
      {sure ? (
        <div className="row">
          <Button
            variant="danger"
            busy={leave.isPending}
            onClick={() => leave.mutate({ organizationId, userId: session.user.id })}
          >
            {t('orgs.leaveConfirm')}
          </Button>
          <Button variant="link" onClick={() => setSure(false)}>
            {t('orgs.cancel')}
          </Button>
        </div>
      ) : (
        <Button variant="danger" onClick={() => setSure(true)}>
          {t('orgs.leave')}
        </Button>
      )}
    </Card>
  );
}

function AuditLog({ organizationId }: { organizationId: string }) {
  const { t, language } = useLanguage();
  const [page, setPage] = useState(1);
  const log = trpc.orgs.auditLog.useQuery(
    { organizationId, page, limit: AUDIT_PAGE_SIZE },
    { placeholderData: (previous) => previous },
  );
  return (
    <Card title={t('orgs.log')}>
      <WhenLoaded
        query={log}
        loading={t('orgs.loadingLog')}
        isEmpty={(data) => data.entries.length === 0}
        empty={<EmptyState title={t('orgs.noEvents')} />}
      >
        {(data) => (
          <>
            <ol className="list" aria-label={t('orgs.events')}>
              {data.entries.map((entry) => (
                <li key={entry.id}>
                  <div>{describeAuditEntry(entry, language)}</div>
                  <div className="small muted">
                    <time dateTime={entry.createdAt}>{formatDateTime(new Date(entry.createdAt), language)}</time>
                  </div>
                </li>
              ))}
            </ol>
            <Pager
              page={page}
              total={data.total}
              pageSize={AUDIT_PAGE_SIZE}
              onPage={setPage}
              previousLabel={t('orgs.newer')}
              nextLabel={t('orgs.older')}
            />
          </>
        )}
      </WhenLoaded>
    </Card>
  );
}
