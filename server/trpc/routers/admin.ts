import { adminOrganizationsInput, adminSignOutUserInput, adminUsersInput } from '../../../shared/schemas/organizations';
import { feedItemIdInput } from '../../../shared/schemas/feed';
import { listOrganizations, listUsers, signOutUser } from '../../admin/admin';
import { hideFeedItem } from '../../feed/moderation';
import { router, superAdminProcedure } from '../init';

export const adminRouter = router({
  users: superAdminProcedure.input(adminUsersInput).query(({ ctx, input }) => listUsers(ctx.deps, ctx.actor, input)),
  organizations: superAdminProcedure
    .input(adminOrganizationsInput)
    .query(({ ctx, input }) => listOrganizations(ctx.deps, ctx.actor, input)),
  signOutUser: superAdminProcedure
    .input(adminSignOutUserInput)
    .mutation(({ ctx, input }) => signOutUser(ctx.deps, ctx.actor, input)),
  hideFeedItem: superAdminProcedure
    .input(feedItemIdInput)
    .mutation(({ ctx, input }) => hideFeedItem(ctx.deps, ctx.actor, input)),
});
