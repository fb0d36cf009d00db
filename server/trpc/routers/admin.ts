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
import { byActor } from '../calls';
import { router, superAdminProcedure } from '../init';

export const adminRouter = router({
  users: superAdminProcedure.input(adminUsersInput).output(adminUsersOutput).query(byActor(listUsers)),
  organizations: superAdminProcedure
    .input(adminOrganizationsInput)
    .output(adminOrganizationsOutput)
    .query(byActor(listOrganizations)),
  signOutUser: superAdminProcedure.input(adminSignOutUserInput).output(okOutput).mutation(byActor(signOutUser)),
  hideFeedItem: superAdminProcedure.input(feedItemIdInput).output(okOutput).mutation(byActor(hideFeedItem)),
});
