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
import { orgAdminProcedure, orgMemberProcedure, router, userProcedure } from '../init';

export const orgsRouter = router({
  create: userProcedure
    .input(createOrganizationInput)
    .output(organizationOutput)
    .mutation(({ ctx, input }) => createOrganization(ctx.deps, ctx.actor, input)),

  mine: userProcedure.output(myOrganizationsOutput).query(({ ctx }) => myOrganizations(ctx.deps, ctx.actor)),

  get: orgMemberProcedure
    .input(organizationIdInput)
    .output(organizationOutput)
    .query(({ ctx }) => getOrganization(ctx.deps, ctx.scope)),

  members: orgMemberProcedure
    .input(organizationIdInput)
    .output(membersOutput)
    .query(({ ctx }) => listMembers(ctx.deps, ctx.scope)),

  addMember: orgAdminProcedure
    .input(addMemberInput)
    .output(addMemberOutput)
    .mutation(({ ctx, input }) => addMember(ctx.deps, ctx.scope, input)),

  setRole: orgAdminProcedure
    .input(setRoleInput)
    .output(setRoleOutput)
    .mutation(({ ctx, input }) => setRole(ctx.deps, ctx.scope, input)),

  // Members may call it to leave; removing someone else is checked in the domain function.
  removeMember: orgMemberProcedure
    .input(removeMemberInput)
    .output(okOutput)
    .mutation(({ ctx, input }) => removeMember(ctx.deps, ctx.scope, input)),

  auditLog: orgAdminProcedure
    .input(auditLogInput)
    .output(auditLogOutput)
    .query(({ ctx, input }) => readAuditLog(ctx.deps, ctx.scope, input)),

  acceptInvitation: userProcedure
    .input(acceptInvitationInput)
    .output(acceptInvitationOutput)
    .mutation(({ ctx, input }) => acceptInvitationByToken(ctx.deps, ctx.actor, input)),
});
