import { wantsFeedPage } from './feed';
import { route, type Route } from './table';

const ORG = '/organizations/:organization_id';
const org = { organization_id: 'organizationId' } as const;
const TOURNAMENT = `${ORG}/tournaments/:tournament_id` as const;
const tournament = { ...org, tournament_id: 'tournamentId' } as const;

/**
 * The literal REST paths of CONTRACT.md, each declared once: method, path, procedure, where the input
 * comes from (path parameters, query keys, the JSON body), success status. The server mounts them in this
 * order (fixed segments before parameterised ones: `/courses/search` before `/courses/:courseId`), and the
 * OpenAPI document (server/openapi) is built from the same rows.
 */
export const ROUTES: readonly Route[] = [
  // CONTRACT.md section 4: sign-in and session.
  route({ method: 'post', path: '/auth/request-link', procedure: 'auth.requestLink', body: true }),
  route({ method: 'post', path: '/auth/verify-link', procedure: 'auth.verifyLink', body: true }),
  route({ method: 'post', path: '/auth/login', procedure: 'auth.login', body: true }),
  route({ method: 'post', path: '/auth/logout', procedure: 'auth.logout', body: true }),
  route({ method: 'get', path: '/auth/me', procedure: 'auth.me' }),
  route({ method: 'post', path: '/auth/password', procedure: 'auth.setPassword', body: true }),
  route({ method: 'post', path: '/auth/sign-out-everywhere', procedure: 'auth.signOutEverywhere', body: true }),
  // Section 4, the /auth/2fa rows.
  route({ method: 'post', path: '/auth/2fa/verify', procedure: 'twoFactor.verify', body: true }),
  route({ method: 'post', path: '/auth/2fa/email/send', procedure: 'twoFactor.sendEmailCode', body: true }),
  route({ method: 'post', path: '/auth/2fa/totp/setup', procedure: 'twoFactor.totpSetup', body: true }),
  route({ method: 'post', path: '/auth/2fa/totp/confirm', procedure: 'twoFactor.totpConfirm', body: true }),
  route({ method: 'post', path: '/auth/2fa/email/setup', procedure: 'twoFactor.emailSetup', body: true }),
  route({ method: 'post', path: '/auth/2fa/email/confirm', procedure: 'twoFactor.emailConfirm', body: true }),
  route({ method: 'post', path: '/auth/2fa/disable', procedure: 'twoFactor.disable', body: true }),
  route({
    method: 'post',
    path: '/auth/2fa/recovery-codes',
    procedure: 'twoFactor.regenerateRecoveryCodes',
    body: true,
  }),
  // The account: addresses, merging, profile.
  route({ method: 'get', path: '/account/emails', procedure: 'account.emails' }),
  route({ method: 'post', path: '/account/emails', procedure: 'account.addEmail', body: true }),
  route({ method: 'post', path: '/account/emails/confirm', procedure: 'account.confirmEmail', body: true }),
  // The address is the path segment, URL-encoded; Express decodes it.
  route({
    method: 'delete',
    path: '/account/emails/:email',
    procedure: 'account.removeEmail',
    params: { email: 'email' },
  }),
  route({ method: 'post', path: '/account/merge/request', procedure: 'account.requestMerge', body: true }),
  route({ method: 'post', path: '/account/merge/confirm', procedure: 'account.confirmMerge', body: true }),
  route({ method: 'patch', path: '/account/profile', procedure: 'account.updateProfile', body: true }),
  // The account's language (decision 0108).
  route({ method: 'get', path: '/account/language', procedure: 'account.language' }),
  route({ method: 'put', path: '/account/language', procedure: 'account.setLanguage', body: true }),
  // The user's own data, and deleting the account (decision 0106).
  route({
    method: 'get',
    path: '/account/export',
    procedure: 'account.export',
    answer: 'download',
    download: 'golf-mine-data',
  }),
  route({ method: 'post', path: '/account/deletion/code', procedure: 'account.requestDeletionCode', body: true }),
  route({ method: 'delete', path: '/account', procedure: 'account.delete', body: true }),
  // Organizations and their members.
  route({ method: 'post', path: '/organizations', procedure: 'orgs.create', body: true, status: 201 }),
  route({ method: 'get', path: '/organizations', procedure: 'orgs.mine' }),
  // The join page's read of its invitation (docs/organizations.md): fixed segments before `:organization_id`.
  route({ method: 'get', path: '/organizations/invitations', procedure: 'orgs.invitation', query: ['token'] }),
  route({ method: 'post', path: '/organizations/invitations/accept', procedure: 'orgs.acceptInvitation', body: true }),
  route({ method: 'get', path: ORG, procedure: 'orgs.get', params: org }),
  route({ method: 'get', path: `${ORG}/members`, procedure: 'orgs.members', params: org }),
  route({ method: 'post', path: `${ORG}/members`, procedure: 'orgs.addMember', params: org, body: true }),
  route({
    method: 'patch',
    path: `${ORG}/members/:user_id`,
    procedure: 'orgs.setRole',
    params: { ...org, user_id: 'userId' },
    body: true,
  }),
  route({
    method: 'delete',
    path: `${ORG}/members/:user_id`,
    procedure: 'orgs.removeMember',
    params: { ...org, user_id: 'userId' },
    body: true,
  }),
  // Pending invitations, for owners and admins (docs/organizations.md).
  route({ method: 'get', path: `${ORG}/invitations`, procedure: 'orgs.invitations', params: org }),
  route({
    method: 'post',
    path: `${ORG}/invitations/:invitation_id/resend`,
    procedure: 'orgs.resendInvitation',
    params: { ...org, invitation_id: 'invitationId' },
    body: true,
  }),
  route({
    method: 'delete',
    path: `${ORG}/invitations/:invitation_id`,
    procedure: 'orgs.cancelInvitation',
    params: { ...org, invitation_id: 'invitationId' },
    body: true,
  }),
  route({ method: 'get', path: `${ORG}/audit-log`, procedure: 'orgs.auditLog', params: org, query: ['page', 'limit'] }),
  // The super administrator.
  route({ method: 'get', path: '/admin/users', procedure: 'admin.users', query: ['q', 'page', 'limit'] }),
  route({
    method: 'get',
    path: '/admin/organizations',
    procedure: 'admin.organizations',
    query: ['q', 'page', 'limit'],
  }),
  route({
    method: 'post',
    path: '/admin/users/:user_id/sign-out',
    procedure: 'admin.signOutUser',
    params: { user_id: 'userId' },
    body: true,
  }),
  route({
    method: 'delete',
    path: '/admin/feed/:item_id',
    procedure: 'admin.hideFeedItem',
    params: { item_id: 'itemId' },
    body: true,
  }),
  // Courses: the official catalogue, then the user's own (section 8).
  route({
    method: 'get',
    path: '/courses/search',
    procedure: 'courses.searchOfficial',
    query: ['q', 'lat', 'lng', 'limit'],
  }),
  route({ method: 'get', path: '/courses/:courseId', procedure: 'courses.get', params: { courseId: 'courseId' } }),
  route({ method: 'get', path: '/personal-courses', procedure: 'personalCourses.mine' }),
  route({ method: 'post', path: '/personal-courses', procedure: 'personalCourses.create', body: true, status: 201 }),
  route({
    method: 'get',
    path: '/personal-courses/international-search',
    procedure: 'personalCourses.internationalSearch',
    query: ['q', 'country', 'limit'],
  }),
  route({
    method: 'get',
    path: '/personal-courses/:personalCourseId',
    procedure: 'personalCourses.get',
    params: { personalCourseId: 'personalCourseId' },
  }),
  route({
    method: 'patch',
    path: '/personal-courses/:personalCourseId',
    procedure: 'personalCourses.update',
    params: { personalCourseId: 'personalCourseId' },
    body: true,
  }),
  route({
    method: 'delete',
    path: '/personal-courses/:personalCourseId',
    procedure: 'personalCourses.delete',
    params: { personalCourseId: 'personalCourseId' },
  }),
  // Rounds.
  route({ method: 'post', path: '/rounds', procedure: 'rounds.create', body: true, status: 201 }),
  route({ method: 'get', path: '/rounds', procedure: 'rounds.mine', query: ['limit'] }),
  route({ method: 'get', path: '/rounds/:roundId', procedure: 'rounds.get', params: { roundId: 'roundId' } }),
  route({
    method: 'post',
    path: '/rounds/:roundId/sides',
    procedure: 'rounds.addSide',
    params: { roundId: 'roundId' },
    body: true,
    status: 201,
  }),
  route({
    method: 'post',
    path: '/rounds/:roundId/participants',
    procedure: 'rounds.addParticipant',
    params: { roundId: 'roundId' },
    body: true,
    status: 201,
  }),
  route({
    method: 'put',
    path: '/rounds/:roundId/scores',
    procedure: 'rounds.setScore',
    params: { roundId: 'roundId' },
    body: true,
  }),
  route({
    method: 'post',
    path: '/rounds/:roundId/share',
    procedure: 'rounds.share',
    params: { roundId: 'roundId' },
    body: true,
  }),
  route({
    method: 'delete',
    path: '/rounds/:roundId/share',
    procedure: 'rounds.unshare',
    params: { roundId: 'roundId' },
    body: true,
  }),
  route({
    method: 'post',
    path: '/rounds/:roundId/finish',
    procedure: 'rounds.finish',
    params: { roundId: 'roundId' },
    body: true,
  }),
  route({ method: 'get', path: '/participants/search', procedure: 'participants.search', query: ['q'] }),
  // Section 9, the organization's side: tournaments, their states, entries and start lists.
  route({
    method: 'post',
    path: `${ORG}/tournaments`,
    procedure: 'tournaments.create',
    params: org,
    body: true,
    status: 201,
  }),
  route({ method: 'get', path: `${ORG}/tournaments`, procedure: 'tournaments.list', params: org }),
  route({ method: 'get', path: TOURNAMENT, procedure: 'tournaments.get', params: tournament }),
  route({ method: 'patch', path: TOURNAMENT, procedure: 'tournaments.update', params: tournament, body: true }),
  route({
    method: 'post',
    path: `${TOURNAMENT}/status`,
    procedure: 'tournaments.setStatus',
    params: tournament,
    body: true,
  }),
  route({ method: 'get', path: `${TOURNAMENT}/entries`, procedure: 'tournaments.entries', params: tournament }),
  route({
    method: 'post',
    path: `${TOURNAMENT}/entries`,
    procedure: 'tournaments.enter',
    params: tournament,
    body: true,
    status: 201,
  }),
  route({
    method: 'delete',
    path: `${TOURNAMENT}/entries/:entry_id`,
    procedure: 'tournaments.withdraw',
    params: { ...tournament, entry_id: 'entryId' },
  }),
  route({
    method: 'put',
    path: `${TOURNAMENT}/rounds/:round_number/groups`,
    procedure: 'tournaments.setGroups',
    params: { ...tournament, round_number: 'round' },
    body: true,
  }),
  // Scores, signatures and the results file (the one answer that is not JSON).
  route({
    method: 'put',
    path: `${TOURNAMENT}/scores`,
    procedure: 'tournaments.setScore',
    params: tournament,
    body: true,
  }),
  route({
    method: 'post',
    path: `${TOURNAMENT}/cards/:entry_id/sign`,
    procedure: 'tournaments.signCard',
    params: { ...tournament, entry_id: 'entryId' },
    body: true,
  }),
  route({
    method: 'get',
    path: `${TOURNAMENT}/rounds/:round_number/cards`,
    procedure: 'tournaments.cards',
    params: { ...tournament, round_number: 'round' },
  }),
  route({
    method: 'get',
    path: `${TOURNAMENT}/results.csv`,
    procedure: 'tournaments.resultsCsv',
    params: tournament,
    answer: 'csv',
  }),
  // Section 9, the public landing pages. The tournament page is the most read answer: sent from its cache.
  route({
    method: 'get',
    path: '/public/tournaments',
    procedure: 'public.tournaments',
    query: ['q', 'limit', 'cursor'],
  }),
  route({
    method: 'get',
    path: '/public/tournaments/:slug',
    procedure: 'public.tournament',
    params: { slug: 'slug' },
    answer: 'cached',
  }),
  route({
    method: 'get',
    path: '/public/tournaments/:slug/leaderboard',
    procedure: 'public.leaderboard',
    params: { slug: 'slug' },
    query: ['division'],
  }),
  route({
    method: 'get',
    path: '/public/tournaments/:slug/entries/:entryId/card',
    procedure: 'public.card',
    params: { slug: 'slug', entryId: 'entryId' },
  }),
  // Section 10: team chat and its unread counts (decision 0601).
  route({ method: 'get', path: '/chat/unread', procedure: 'chat.unreadAll' }),
  route({
    method: 'get',
    path: `${ORG}/chat/messages`,
    procedure: 'chat.history',
    params: org,
    query: ['before', 'limit'],
  }),
  route({ method: 'post', path: `${ORG}/chat/messages`, procedure: 'chat.send', params: org, body: true, status: 201 }),
  route({
    method: 'patch',
    path: `${ORG}/chat/messages/:message_id`,
    procedure: 'chat.edit',
    params: { ...org, message_id: 'messageId' },
    body: true,
  }),
  route({
    method: 'delete',
    path: `${ORG}/chat/messages/:message_id`,
    procedure: 'chat.delete',
    params: { ...org, message_id: 'messageId' },
    body: true,
  }),
  route({ method: 'get', path: `${ORG}/chat/unread`, procedure: 'chat.unread', params: org }),
  route({ method: 'post', path: `${ORG}/chat/read`, procedure: 'chat.markRead', params: org, body: true }),
  // Section 10: the public feed. A browser's navigation to /feed goes on to the app's feed page (decision 0507).
  route({
    method: 'get',
    path: '/feed',
    procedure: 'feed.list',
    query: ['before', 'limit'],
    vary: 'Accept',
    passOn: wantsFeedPage,
  }),
];
