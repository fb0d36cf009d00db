import type { mail as nbMail } from '../nb/mail';
import type { Texts } from '../types';

export const mail: Texts<typeof nbMail> = {
  common: {
    linkValid: 'The link and the code are valid for {{minutes}} minutes and can be used once.',
    codeValid: 'The code is valid for {{minutes}} minutes and can be used once.',
    orCode: 'Or type the code: {{code}}',
    typeCode: 'Type the code: {{code}}',
    signature: 'Best regards, Hullvis',
  },
  signIn: {
    subject: 'Sign in to Hullvis',
    hello: 'Hello!',
    asked:
      'Someone asked to sign in to Hullvis with this e-mail address. If it was you, open the link and press “Sign in”:',
    button: 'Sign in to Hullvis',
    code: 'Or type this code on the sign-in page:',
    newLinkStops: 'If you ask for a new link, this one stops working.',
    notYou: 'If it was not you, you can ignore this e-mail. No one gets in without the link or the code.',
  },
  confirm: {
    notYou: 'If it was not you, you can ignore this e-mail. Nothing changes without a confirmation.',
  },
  addEmail: {
    subject: 'Confirm a new e-mail address',
    asked: 'The account {{account}} wants to add this address as an extra e-mail address.',
    how: 'Confirm by opening the link while you are signed in:',
  },
  merge: {
    subject: 'Confirm merging accounts',
    asked: 'The account {{account}} asks to merge the account with the address {{address}} into itself.',
    moves:
      'Rounds, memberships, personal courses and e-mail addresses are moved over, and the account with this address is deleted.',
    how: 'Confirm by opening the link while you are signed in to the account to keep:',
  },
  deletion: {
    subject: 'Code to delete the account',
    asked: 'You have asked to delete your account.',
    final: 'Deleting cannot be undone: your rounds, courses and messages disappear, and you are signed out everywhere.',
    notYou: 'If it was not you, you can ignore this e-mail. Nothing is deleted without the code.',
  },
  startList: {
    subject: 'Your start time in {{tournament}}',
    changedSubject: 'New start time in {{tournament}}',
    published: 'The start list for {{tournament}} ({{club}}) is out.',
    changed: 'Your start time in {{tournament}} ({{club}}) has changed.',
    start: 'You start {{time}} from tee {{tee}}.',
    roundStart: 'Round {{round}}: {{time}} from tee {{tee}}.',
    partners: 'You play with {{names}}.',
    noPartners: 'You are alone in your group so far.',
    see: 'The whole start list and your scorecard are here:',
  },
  waitingList: {
    subject: 'You have a place in {{tournament}}',
    moved: 'A place came free in {{tournament}} ({{club}}), and you were next on the waiting list. You are in.',
    movedTeam:
      'A place came free in {{tournament}} ({{club}}), and your team, {{team}}, was next on the waiting list. You are in.',
    see: 'See the tournament and its start list here:',
    cannot: 'If you cannot play after all, withdraw on the same page and the next on the list gets the place.',
  },
  invitation: {
    subject: 'Invitation to {{club}}',
    invitedBy: '{{inviter}} has invited you to be {{role}} in {{club}}.',
    invited: 'You are invited to be {{role}} in {{club}}.',
    role: { owner: 'an owner', admin: 'an administrator', member: 'a member' },
    open: 'Open the link and sign in with this e-mail address to join:',
    valid: 'The invitation is valid until {{date}} and can be used once.',
    notExpected: 'If you are not expecting this invitation, you can ignore this e-mail.',
  },
  twoFactor: {
    method: { totp: 'authenticator app', email: 'one-time code by e-mail' },
    codeSubject: 'Sign-in code for Hullvis',
    code: 'Your code to finish signing in is:',
    codeNotYou: 'If you did not try to sign in, you can ignore this e-mail, but consider changing your password.',
    setupSubject: 'Confirm two-factor authentication by e-mail',
    setup: 'Type this code to turn on two-factor authentication with one-time codes by e-mail:',
    setupNotYou: 'If you did not ask for this, you can ignore this e-mail.',
    changedSubject: 'Two-factor authentication has changed',
    disabledSubject: 'Two-factor authentication is turned off',
    enabled: 'Two-factor authentication was turned on for your account ({{method}}).',
    redone: 'Two-factor authentication ({{method}}) was set up again for your account.',
    replaced: 'The two-factor authentication method of your account was changed from {{from}} to {{to}}.',
    disabled: 'Two-factor authentication ({{method}}) was turned off for your account.',
    signedOut: 'You have been signed out on all other devices.',
    when: 'Time (Norway): {{time}}.',
    notYou: 'If it was not you, change your password and sign out on all devices at once. Contact us if you need help.',
  },
};
