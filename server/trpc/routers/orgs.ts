import {
  acceptInvitationInput,
  addMemberInput,
  auditLogInput,
  createOrganizationInput,
  removeMemberInput,
  setRoleInput,
} from '../../../shared/schemas/organizations';
import { organizationIdInput } from '../../../shared/schemas/common';
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
import { orgAdminProcedure, orgMemberProcedure, router, userProcedure } from '../init';

export const orgsRouter = router({
  create: userProcedure
    .input(createOrganizationInput)
    .mutation(({ ctx, input }) => createOrganization(ctx.deps, ctx.actor, input)),

  mine: userProcedure.query(({ ctx }) => myOrganizations(ctx.deps, ctx.actor)),

  get: orgMemberProcedure.input(organizationIdInput).query(({ ctx }) => getOrganization(ctx.deps, ctx.scope)),

  members: orgMemberProcedure.input(organizationIdInput).query(({ ctx }) => listMembers(ctx.deps, ctx.scope)),

  addMember: orgAdminProcedure
    .input(addMemberInput)
    .mutation(({ ctx, input }) => addMember(ctx.deps, ctx.scope, input)),

  setRole: orgAdminProcedure.input(setRoleInput).mutation(({ ctx, input }) => setRole(ctx.deps, ctx.scope, input)),

  // Members may call it to leave; removing someone else is checked in the domain function.
  removeMember: orgMemberProcedure
    .input(removeMemberInput)
    .mutation(({ ctx, input }) => removeMember(ctx.deps, ctx.scope, input)),

  auditLog: orgAdminProcedure.input(auditLogInput).query(({ ctx, input }) => readAuditLog(ctx.deps, ctx.scope, input)),

  acceptInvitation: userProcedure
    .input(acceptInvitationInput)
    .mutation(({ ctx, input }) => acceptInvitationByToken(ctx.deps, ctx.actor, input)),
});
