import {
  acceptInvitationInput,
  acceptInvitationOutput,
  addMemberInput,
  addMemberOutput,
  auditLogInput,
  auditLogOutput,
  createOrganizationInput,
  invitationByTokenInput,
  invitationByTokenOutput,
  pendingInvitationInput,
  pendingInvitationsOutput,
  resendInvitationOutput,
  membersOutput,
  myOrganizationsOutput,
  organizationOutput,
  removeMemberInput,
  setRoleInput,
  setRoleOutput,
} from '../../../shared/schemas/organizations';
import { okOutput, organizationIdInput } from '../../../shared/schemas/common';
import { readAuditLog } from '../../organizations/audit-log';
import {
  acceptInvitationByToken,
  cancelInvitation,
  invitationByToken,
  listPendingInvitations,
  resendInvitation,
} from '../../organizations/invitations';
import {
  addMember,
  createOrganization,
  requireOrganization,
  listMembers,
  myOrganizations,
  removeMember,
  setRole,
} from '../../organizations/organizations';
import { orgAdminProcedure, orgMemberProcedure, router, userProcedure } from '../init';

export const organizationsRouter = router({
  create: userProcedure
    .input(createOrganizationInput)
    .output(organizationOutput)
    .mutation(({ ctx, input }) => createOrganization(ctx.deps, ctx.actor, input)),

  mine: userProcedure.output(myOrganizationsOutput).query(({ ctx }) => myOrganizations(ctx.deps, ctx.actor)),

  get: orgMemberProcedure
    .input(organizationIdInput)
    .output(organizationOutput)
    .query(({ ctx }) => requireOrganization(ctx.deps, ctx.scope)),

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

  // Pending invitations, for owners and admins (docs/organizations.md, "Pending invitations").
  invitations: orgAdminProcedure
    .input(organizationIdInput)
    .output(pendingInvitationsOutput)
    .query(({ ctx }) => listPendingInvitations(ctx.deps, ctx.scope)),

  resendInvitation: orgAdminProcedure
    .input(pendingInvitationInput)
    .output(resendInvitationOutput)
    .mutation(({ ctx, input }) => resendInvitation(ctx.deps, ctx.scope, input)),

  cancelInvitation: orgAdminProcedure
    .input(pendingInvitationInput)
    .output(okOutput)
    .mutation(({ ctx, input }) => cancelInvitation(ctx.deps, ctx.scope, input)),

  // The join page's read of its link before it offers to accept (only for the invited address, decision 0305).
  invitation: userProcedure
    .input(invitationByTokenInput)
    .output(invitationByTokenOutput)
    .query(({ ctx, input }) => invitationByToken(ctx.deps, ctx.actor, input)),

  acceptInvitation: userProcedure
    .input(acceptInvitationInput)
    .output(acceptInvitationOutput)
    .mutation(({ ctx, input }) => acceptInvitationByToken(ctx.deps, ctx.actor, input)),
});
