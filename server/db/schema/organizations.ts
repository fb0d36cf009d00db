import { check, index, jsonb, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, requiredReference, uuidKey } from './columns';
import { verification } from './auth';
import { tenantPolicy } from './tenancy';
import { ROLES } from '../../../shared/values';
import { isOneOf } from './checks';
import { appUser } from './users';

/** The tenant itself. Not row-level scoped: it is read only after a membership check, like the membership. */
export const organization = pgTable('organization', {
  id: uuidKey(),
  name: text('name').notNull(),
  createdAt: createdAt(),
});

/** docs/access.md section 2: looked up without an organization context, so it carries no policy. */
export const organizationMembership = pgTable(
  'organization_membership',
  {
    organizationId: requiredReference('organization_id', () => organization.id, 'cascade'),
    userId: requiredReference('user_id', () => appUser.id, 'cascade'),
    role: text('role', { enum: ROLES }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.userId] }),
    index('organization_membership_user_idx').on(t.userId),
    check('organization_membership_role_valid', isOneOf(t.role, ROLES)),
  ],
);

/**
 * An invitation to an address without an account: who invited whom to what. Its link, expiry (7 days) and
 * single use are the verification row it shares its id with (server/auth/verification.ts).
 */
export const organizationInvitation = pgTable(
  'organization_invitation',
  {
    id: uuid('id')
      .primaryKey()
      .references(() => verification.id, { onDelete: 'cascade' }),
    organizationId: requiredReference('organization_id', () => organization.id, 'cascade'),
    email: text('email').notNull(),
    role: text('role', { enum: ROLES }).notNull(),
    invitedBy: uuid('invited_by'),
    createdAt: createdAt(),
  },
  (t) => [index('organization_invitation_email_idx').on(t.email)],
);

/**
 * Security events. Rows with an organization are that organization's (row-level scoped); rows without one
 * (a user's own sign-ins) are written by the service and readable by no tenant.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: uuidKey(),
    organizationId: uuid('organization_id').references(() => organization.id, { onDelete: 'cascade' }),
    actorUserId: uuid('actor_user_id'),
    subjectUserId: uuid('subject_user_id'),
    action: text('action').notNull(),
    ip: text('ip'),
    details: jsonb('details').$type<Record<string, unknown>>(),
    createdAt: createdAt(),
  },
  (t) => [index('audit_log_org_idx').on(t.organizationId, t.createdAt), tenantPolicy('audit_log', t.organizationId)],
);
