import type { Texts } from '../types';
import type { ownData as nbOwnData } from '../nb/ownData';

/** The own-data cards’ texts in English (export and deletion). */
export const ownData: Texts<typeof nbOwnData> = {
  title: 'My data',
  explain:
    'Download everything we have stored about you as one file (JSON): profile, e-mail addresses, club memberships, rounds and strokes, personal courses, tournament entries, chat messages, feed posts and security events.',
  downloaded: 'The file has been downloaded.',
  download: 'Download my data',
  deleteTitle: 'Delete the account',
  cannotUndo: 'Deleting cannot be undone. This happens:',
  gone: 'Gone: the profile, the e-mail addresses, the club memberships, the rounds you created, personal courses, the chat messages (the text and your name) and the feed posts about you. You are signed out on all devices at once.',
  stays:
    'Stays with others: your card in other people’s rounds and the results of tournaments that have started, as a guest with name and handicap. A course others have played stays, without an owner.',
  clubs:
    'Clubs where you are the only owner and others are members must be handed over first. Clubs where you are the only member are deleted.',
  deleteButton: 'Delete the account',
  codeSentBefore: 'We have sent a code to',
  codeSentAfter: '. It is valid for 10 minutes.',
  firstCode: 'First we send a code to your e-mail to be sure it is you.',
  sendNewCode: 'Send a new code',
  sendCode: 'Send a code by e-mail',
  deletionCode: 'Deletion code from the e-mail',
  deleteForGood: 'Delete the account for good',
  cancel: 'Cancel',
};
