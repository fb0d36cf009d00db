import { z } from 'zod';
import { email, id } from './common';
import { userText } from './text';
import { roleSchema as role } from './values';

export const organizationName = userText()
  .trim()
  .min(1, { message: 'Navnet kan ikke være tomt.' })
  .max(100, { message: 'Navnet kan ha høyst 100 tegn.' });

/** Paging of every list that can grow without bound (docs/organizations.md): page from 1, limit 1 to 100. */
export const DEFAULT_PAGE_LIMIT = 20;
export const MAX_PAGE_LIMIT = 100;
const paging = {
  // Coerced: the REST paths carry them in the query string.
  page: z.coerce.number({ message: 'Siden må være et heltall.' }).int().min(1).max(100_000).default(1),
  limit: z.coerce
    .number({ message: 'Grensen må være et heltall.' })
    .int()
    .min(1)
    .max(MAX_PAGE_LIMIT)
    .default(DEFAULT_PAGE_LIMIT),
};
const searchText = userText().trim().max(200, { message: 'Søket er for langt.' });

export const createOrganizationInput = z.strictObject({ name: organizationName });
export const addMemberInput = z.strictObject({ organizationId: id, email, role: role.default('member') });
export const setRoleInput = z.strictObject({ organizationId: id, userId: id, role });
export const removeMemberInput = z.strictObject({ organizationId: id, userId: id });
export const auditLogInput = z.strictObject({ organizationId: id, ...paging });
/** The invitation link's token (32 random bytes, base64url: 43 characters). */
export const acceptInvitationInput = z.strictObject({ token: z.string().min(1).max(200) });

export const adminUsersInput = z.strictObject({ q: searchText.optional(), ...paging });
export const adminOrganizationsInput = z.strictObject({ q: searchText.optional(), ...paging });
export const adminSignOutUserInput = z.strictObject({ userId: id });
