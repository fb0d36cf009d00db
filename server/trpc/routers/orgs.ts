import {
  acceptInvitationInput,
  acceptInvitationOutput,
  addMemberInput,
  addMemberOutput,
  auditLogInput,
  auditLogOutput,
  createOrganizationInput,
  membersOutput,
  myOrganizationsOutput,
  organizationOutput,
  removeMemberInput,
  setRoleInput,
  setRoleOutput,
} from '../../../shared/schemas/organizations';
import { okOutput, organizationIdInput } from '../../../shared/schemas/common';
import { readAuditLog } from '../../organizations/audit-log';
import { acceptInvitationByToken } from '../../organizations/invitations';
import {
  addMember,
  createOrganization,
  getOrganization,
  listMembers,
  myOrganizations,
  removeMember,
  setRole,
} from '../../organizations/organizations';
import type { OrgScope } from '../../organizations/scope';
import { orgAdminProcedure, orgMemberProcedure, router, userProcedure } from '../init';

/** The organization procedures' context, as the domain functions see it. */
export function scopeOf(ctx: {
  tx: OrgScope['tx'];
  organizationId: string;
  role: OrgScope['actorRole'];
  user: { id: string };
  meta: { ip: string };
  afterCommit: OrgScope['afterCommit'];
}): OrgScope {
  return {
    tx: ctx.tx,
    organizationId: ctx.organizationId,
    actorUserId: ctx.user.id,
    actorRole: ctx.role,
    ip: ctx.meta.ip,
    afterCommit: ctx.afterCommit,
  };
}

export const orgsRouter = router({
  create: userProcedure
    .input(createOrganizationInput)
    .output(organizationOutput)
    .mutation(({ ctx, input }) =>
      createOrganization(ctx.deps, { userId: ctx.user.id, name: input.name, ip: ctx.meta.ip }),
    ),

  mine: userProcedure.output(myOrganizationsOutput).query(({ ctx }) => myOrganizations(ctx.deps, ctx.user.id)),

  get: orgMemberProcedure
    .input(organizationIdInput)
    .output(organizationOutput)
    .query(({ ctx }) => getOrganization(scopeOf(ctx))),

  members: orgMemberProcedure
    .input(organizationIdInput)
    .output(membersOutput)
    .query(({ ctx }) => listMembers(scopeOf(ctx))),

  addMember: orgAdminProcedure
    .input(addMemberInput)
    .output(addMemberOutput)
    .mutation(({ ctx, input }) => addMember(ctx.deps, scopeOf(ctx), { email: input.email, role: input.role })),

  setRole: orgAdminProcedure
    .input(setRoleInput)
    .output(setRoleOutput)
    .mutation(({ ctx, input }) => setRole(ctx.deps, scopeOf(ctx), { userId: input.userId, role: input.role })),

  // Members may call it to leave; removing someone else is checked in the domain function.
  removeMember: orgMemberProcedure
    .input(removeMemberInput)
    .output(okOutput)
    .mutation(({ ctx, input }) => removeMember(ctx.deps, scopeOf(ctx), { userId: input.userId })),

  auditLog: orgAdminProcedure
    .input(auditLogInput)
    .output(auditLogOutput)
    .query(({ ctx, input }) =>
      readAuditLog(ctx.tx, { organizationId: ctx.organizationId, page: input.page, limit: input.limit }),
    ),

  acceptInvitation: userProcedure
    .input(acceptInvitationInput)
    .output(acceptInvitationOutput)
    .mutation(({ ctx, input }) =>
      acceptInvitationByToken(ctx.deps, { user: ctx.user, token: input.token, ip: ctx.meta.ip }),
    ),
});
