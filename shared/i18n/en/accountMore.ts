import type { Texts } from '../types';
import type { accountMore as nbAccountMore } from '../nb/accountMore';

/** The account’s confirmations (address, merge, deletion) in English. */
export const accountMore: Texts<typeof nbAccountMore> = {
  sendCode: 'Send a code by e-mail',
  codeSent: 'Code sent.',
  codeFromMailOrRecovery: 'Code from the e-mail or recovery code',
  codeFromAppOrRecovery: 'Code from the app or recovery code',
  confirmEmailTitle: 'Confirm e-mail address',
  confirmEmailExplain: 'Press the button to add the address to your account.',
  confirmEmailAction: 'Add the address',
  confirmEmailDone: 'The address has been added to your account.',
  mergeTitle: 'Merge accounts',
  mergeExplain:
    'Rounds, club memberships, courses and e-mail addresses of the other account are moved to the account you are signed in with now. The other account is deleted. This cannot be undone.',
  mergeAction: 'Merge the accounts',
  mergeDone: 'Done. {{moved}} were moved here.',
  moved: {
    rounds_one: '{{count}} round',
    rounds_other: '{{count}} rounds',
    memberships_one: '{{count}} club membership',
    memberships_other: '{{count}} club memberships',
    courses_one: '{{count}} course',
    courses_other: '{{count}} courses',
    list: '{{rounds}}, {{memberships}} and {{courses}}',
  },
  toAccount: 'To the account',
  incompleteLink: 'The link is incomplete. Copy the whole link from the e-mail.',
  deletedTitle: 'The account is deleted',
  deletedDone: 'Your account and your data are deleted, and you are signed out on all devices.',
  deletedLeft:
    'Your cards in other people’s rounds and the results of tournaments that had started stay, as a guest with your name. You can make a new account at any time.',
  toFeed: 'To the feed',
  signIn: 'Sign in',
};
