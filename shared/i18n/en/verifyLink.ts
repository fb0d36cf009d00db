import type { Texts } from '../types';
import type { verifyLink as nbVerifyLink } from '../nb/verifyLink';

/** The sign-in link page’s texts in English. */
export const verifyLink: Texts<typeof nbVerifyLink> = {
  invalidTitle: 'Invalid link',
  missingKey: 'The link is missing its sign-in key. Copy the whole link from the e-mail, or ask for a new one.',
  toSignIn: 'To sign-in',
  title: 'Confirm sign-in',
  press: 'Press the button to sign in to Hullvis.',
  why: 'We ask first because some e-mail programs open links automatically to check them.',
  newLink: 'Ask for a new sign-in link',
  signIn: 'Sign in',
};
