import type { Texts } from '../types';
import type { operator as nbOperator } from '../nb/operator';

/** The operator screen’s texts in English. */
export const operator: Texts<typeof nbOperator> = {
  title: 'Operations',
  needsSuperAdmin: 'This requires a super administrator.',
  users: 'Users',
  search: 'Search by name or e-mail',
  signedOut: 'The user has been signed out on all devices.',
  noUsers: 'No users found',
  userLine: '{{email}} · hcp {{handicap}} · 2FA {{method}}',
  off: 'off',
  signOutEverywhere: 'Sign out everywhere',
  clubs: 'Clubs',
  noClubs: 'No clubs yet',
  members_one: '{{count}} member',
  members_other: '{{count}} members',
};
