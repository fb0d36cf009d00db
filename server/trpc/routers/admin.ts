import {
  adminOrganizationsInput,
  adminOrganizationsOutput,
  adminSignOutUserInput,
  adminUsersInput,
  adminUsersOutput,
} from '../../../shared/schemas/organizations';
import { okOutput } from '../../../shared/schemas/common';
import { feedItemIdInput } from '../../../shared/schemas/feed';
import { listOrganizations, listUsers, signOutUser } from '../../admin/admin';
import { hideFeedItem } from '../../feed/moderation';
import { router, superAdminProcedure } from '../init';

export const adminRouter = router({
  users: superAdminProcedure
    .input(adminUsersInput)
    .output(adminUsersOutput)
    .query(({ ctx, input }) => listUsers(ctx.deps, ctx.actor, input)),
  organizations: superAdminProcedure
    .input(adminOrganizationsInput)
    .output(adminOrganizationsOutput)
    .query(({ ctx, input }) => listOrganizations(ctx.deps, ctx.actor, input)),
  signOutUser: superAdminProcedure
    .input(adminSignOutUserInput)
    .output(okOutput)
    .mutation(({ ctx, input }) => signOutUser(ctx.deps, ctx.actor, input)),
  hideFeedItem: superAdminProcedure
    .input(feedItemIdInput)
    .output(okOutput)
    .mutation(({ ctx, input }) => hideFeedItem(ctx.deps, ctx.actor, input)),
});
