import { ADMIN_ROLES, ROLE_LABELS, ROLES, type Role } from '../../../../shared/values';

export type { Role };

export const ROLE_NAME = ROLE_LABELS.nb;

/** CONTRACT.md section 7: only an owner grants `owner`; an admin may give admin or member. */
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

function roleText(value: unknown): string {
  return isRole(value) ? ROLE_NAME[value].toLowerCase() : 'ukjent rolle';
}

/** One line of the audit log in Norwegian: who did what to whom. Unknown actions show their code. */
export function describeAuditEntry(entry: AuditEntryView): string {
  const actor = who(entry.actor, 'Noen');
  const subject = who(entry.subject, 'en slettet konto');
  const d = entry.details ?? {};
  switch (entry.action) {
    case 'org.created':
      return `${actor} opprettet klubben`;
    case 'org.member_invited':
      return `${actor} inviterte ${typeof d.email === 'string' ? d.email : 'en adresse'} som ${roleText(d.role)}`;
    case 'org.invitation_resent':
      return `${actor} sendte invitasjonen til ${typeof d.email === 'string' ? d.email : 'en adresse'} på nytt`;
    case 'org.invitation_cancelled':
      return `${actor} trakk tilbake invitasjonen til ${typeof d.email === 'string' ? d.email : 'en adresse'}`;
    case 'org.member_added':
      return d.via === 'invitation'
        ? `${subject} ble med som ${roleText(d.role)} (invitasjon fra ${actor})`
        : `${actor} la til ${subject} som ${roleText(d.role)}`;
    case 'org.role_changed':
      return `${actor} endret rollen til ${subject} fra ${roleText(d.from)} til ${roleText(d.to)}`;
    case 'org.member_removed':
      return d.left === true ? `${subject} forlot klubben` : `${actor} fjernet ${subject} (${roleText(d.role)})`;
    case 'account.merged':
      return `${actor} slo sammen kontoen sin med ${typeof d.mergedEmail === 'string' ? d.mergedEmail : 'en annen konto'}`;
    default:
      return `${actor}: ${entry.action}`;
  }
}
