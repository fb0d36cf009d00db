import { z } from 'zod';
import { email, id, instantOutput, pageOutputFields } from './common';
import { publicUserOutput } from './auth';
import { userText } from './text';
import { roleSchema as role } from './values';

export const organizationName = userText()
  .trim()
  .min(1, { message: 'errors.fields.nameEmpty' })
  .max(100, { message: 'errors.fields.nameTooLong' });

/** Paging of every list that can grow without bound (docs/organizations.md): page from 1, limit 1 to 100. */
export const DEFAULT_PAGE_LIMIT = 20;
export const MAX_PAGE_LIMIT = 100;
const paging = {
  // Coerced: the REST paths carry them in the query string.
  page: z.coerce.number({ message: 'errors.fields.pageWhole' }).int().min(1).max(100_000).default(1),
  limit: z.coerce
    .number({ message: 'errors.fields.limitWhole' })
    .int()
    .min(1)
    .max(MAX_PAGE_LIMIT)
    .default(DEFAULT_PAGE_LIMIT),
};
const searchText = userText().trim().max(200, { message: 'errors.fields.searchTooLong' });

export const createOrganizationInput = z.strictObject({ name: organizationName });
export const addMemberInput = z.strictObject({ organizationId: id, email, role: role.default('member') });
export const setRoleInput = z.strictObject({ organizationId: id, userId: id, role });
export const removeMemberInput = z.strictObject({ organizationId: id, userId: id });
export const auditLogInput = z.strictObject({ organizationId: id, ...paging });
/** The invitation link's token (32 random bytes, base64url: 43 characters). */
export const acceptInvitationInput = z.strictObject({ token: z.string().min(1).max(200) });
/** The join page reads the invitation before it offers to accept it: the same token. */
export const invitationByTokenInput = acceptInvitationInput;
/** One pending invitation of an organization (resend, cancel). */
export const pendingInvitationInput = z.strictObject({ organizationId: id, invitationId: id });

export const adminUsersInput = z.strictObject({ q: searchText.optional(), ...paging });
export const adminOrganizationsInput = z.strictObject({ q: searchText.optional(), ...paging });
export const adminSignOutUserInput = z.strictObject({ userId: id });

// ---- Outputs (decision 0012) ----

/** An organization as its member sees it, with the caller's role. */
export const organizationOutput = z.object({ id: z.string(), name: z.string(), createdAt: instantOutput, role });
export const myOrganizationsOutput = z.object({
  organizations: z.array(z.object({ id: z.string(), name: z.string(), role })),
});

export const memberOutput = z.object({ userId: z.string(), name: z.string().nullable(), email: z.string(), role });
export const membersOutput = z.object({ members: z.array(memberOutput) });
export const setRoleOutput = z.object({ member: memberOutput });

/** POST …/members: an account joins at once; an unknown address gets an invitation. */
export const addMemberOutput = z.discriminatedUnion('result', [
  z.object({ result: z.literal('added'), member: memberOutput }),
  z.object({
    result: z.literal('invited'),
    invitation: z.object({ email: z.string(), role, expiresAt: instantOutput }),
  }),
]);

export const acceptInvitationOutput = z.object({
  organization: z.object({ id: z.string(), name: z.string(), role }),
});

/**
 * The invitation as the join page shows it to the owner of the invited address: the club, who invited, the
 * role; `membership` is the caller's role in that club when they already are a member (nothing to accept).
 */
export const invitationByTokenOutput = z.object({
  organization: z.object({ id: z.string(), name: z.string() }),
  role,
  invitedBy: z.string().nullable(),
  email: z.string(),
  expiresAt: instantOutput,
  membership: z.object({ role }).nullable(),
});

/** An invitation not yet accepted, as owners and admins see it in the member list. */
export const pendingInvitationOutput = z.object({
  id: z.string(),
  email: z.string(),
  role,
  invitedBy: z.string().nullable(),
  createdAt: instantOutput,
  expiresAt: instantOutput,
});
export const pendingInvitationsOutput = z.object({
  invitations: z.array(pendingInvitationOutput),
  /** All open invitations; the list holds the newest PENDING_INVITATIONS_SHOWN of them. */
  total: z.number(),
});
export const resendInvitationOutput = z.object({ invitation: pendingInvitationOutput });

/** Someone an audit entry names; `name` and `email` are null once the account no longer exists. */
const auditPerson = z.object({ userId: z.string(), name: z.string().nullable(), email: z.string().nullable() });
export const auditLogOutput = z.object({
  entries: z.array(
    z.object({
      id: z.string(),
      action: z.string(),
      createdAt: instantOutput,
      ip: z.string().nullable(),
      actor: auditPerson.nullable(),
      subject: auditPerson.nullable(),
      details: z.record(z.string(), z.unknown()).nullable(),
    }),
  ),
  ...pageOutputFields,
});

export const adminUsersOutput = z.object({
  users: z.array(publicUserOutput.extend({ createdAt: instantOutput })),
  ...pageOutputFields,
});
export const adminOrganizationsOutput = z.object({
  organizations: z.array(
    z.object({ id: z.string(), name: z.string(), createdAt: instantOutput, memberCount: z.number() }),
  ),
  ...pageOutputFields,
});
