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
import { byActor, byScope } from '../calls';
import { orgAdminProcedure, orgMemberProcedure, router, userProcedure } from '../init';

export const organizationsRouter = router({
  create: userProcedure.input(createOrganizationInput).output(organizationOutput).mutation(byActor(createOrganization)),

  mine: userProcedure.output(myOrganizationsOutput).query(byActor(myOrganizations)),

  get: orgMemberProcedure.input(organizationIdInput).output(organizationOutput).query(byScope(requireOrganization)),

  members: orgMemberProcedure.input(organizationIdInput).output(membersOutput).query(byScope(listMembers)),

  addMember: orgAdminProcedure.input(addMemberInput).output(addMemberOutput).mutation(byScope(addMember)),

  setRole: orgAdminProcedure.input(setRoleInput).output(setRoleOutput).mutation(byScope(setRole)),

  // Members may call it to leave; removing someone else is checked in the domain function.
  removeMember: orgMemberProcedure.input(removeMemberInput).output(okOutput).mutation(byScope(removeMember)),

  auditLog: orgAdminProcedure.input(auditLogInput).output(auditLogOutput).query(byScope(readAuditLog)),

  // Pending invitations, for owners and admins (docs/organizations.md, "Pending invitations").
  invitations: orgAdminProcedure
    .input(organizationIdInput)
    .output(pendingInvitationsOutput)
    .query(byScope(listPendingInvitations)),

  resendInvitation: orgAdminProcedure
    .input(pendingInvitationInput)
    .output(resendInvitationOutput)
    .mutation(byScope(resendInvitation)),

  cancelInvitation: orgAdminProcedure
    .input(pendingInvitationInput)
    .output(okOutput)
    .mutation(byScope(cancelInvitation)),

  // The join page's read of its link before it offers to accept (only for the invited address, decision 0305).
  invitation: userProcedure
    .input(invitationByTokenInput)
    .output(invitationByTokenOutput)
    .query(byActor(invitationByToken)),

  acceptInvitation: userProcedure
    .input(acceptInvitationInput)
    .output(acceptInvitationOutput)
    .mutation(byActor(acceptInvitationByToken)),
});
