import { ADMIN_ROLES, ROLE_LABELS, ROLES, type Language, type Role } from '../../../../shared/values';
import { i18n } from '../../i18n';

export type { Role };

/** docs/contract.md section 7: only an owner grants `owner`; an admin may give admin or member. */
export function assignableRoles(actor: Role): Role[] {
  if (actor === 'owner') return [...ROLES];
  if (actor === 'admin') return ROLES.filter((role) => role !== 'owner');
  return [];
}

export function isAdminRole(role: Role): boolean {
  return (ADMIN_ROLES as readonly Role[]).includes(role);
}

export interface AuditPersonView {
  name: string | null;
  email: string | null;
}

export interface AuditEntryView {
  action: string;
  actor: AuditPersonView | null;
  subject: AuditPersonView | null;
  details: Record<string, unknown> | null;
}

function who(person: AuditPersonView | null, fallback: string): string {
  return person?.name ?? person?.email ?? fallback;
}

function isRole(value: unknown): value is Role {
  return (ROLES as readonly unknown[]).includes(value);
}

/** One line of the audit log in the reader's language: who did what to whom. Unknown actions show their code. */
export function describeAuditEntry(entry: AuditEntryView, language: Language = 'nb'): string {
  const t = i18n.getFixedT(language);
  const roleText = (value: unknown) =>
    isRole(value) ? ROLE_LABELS[language][value].toLowerCase() : t('orgs.audit.unknownRole');
  const actor = who(entry.actor, t('orgs.audit.someone'));
  const subject = who(entry.subject, t('orgs.audit.deletedAccount'));
  const d = entry.details ?? {};
  const email = typeof d.email === 'string' ? d.email : t('orgs.audit.anAddress');
  switch (entry.action) {
    case 'org.created':
      return t('orgs.audit.created', { actor });
    case 'org.member_invited':
      return t('orgs.audit.invited', { actor, email, role: roleText(d.role) });
    case 'org.invitation_resent':
      return t('orgs.audit.resent', { actor, email });
    case 'org.invitation_cancelled':
      return t('orgs.audit.cancelled', { actor, email });
    case 'org.member_added':
      return d.via === 'invitation'
        ? t('orgs.audit.joinedByInvitation', { subject, role: roleText(d.role), actor })
        : t('orgs.audit.added', { actor, subject, role: roleText(d.role) });
    case 'org.role_changed':
      return t('orgs.audit.roleChanged', { actor, subject, from: roleText(d.from), to: roleText(d.to) });
    case 'org.member_removed':
      return d.left === true
        ? t('orgs.audit.left', { subject })
        : t('orgs.audit.removed', { actor, subject, role: roleText(d.role) });
    case 'account.merged':
      return t('orgs.audit.merged', {
        actor,
        email: typeof d.mergedEmail === 'string' ? d.mergedEmail : t('orgs.audit.anotherAccount'),
      });
    default:
      return `${actor}: ${entry.action}`;
  }
}
