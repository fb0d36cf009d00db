import type { Texts } from '../types';
import type { login as nbLogin } from '../nb/login';

/** The sign-in screen’s texts in English. */
export const login: Texts<typeof nbLogin> = {
  title: 'Sign in',
  intro: 'You are not signed in. Sign in to keep score and follow your clubs.',
  method: 'Sign-in method',
  byLink: 'Link by e-mail',
  byPassword: 'Password',
  email: 'E-mail address',
  linkHint:
    'We send you a sign-in link and a six-digit code. If you have no account, it is created the first time you sign in.',
  sendLink: 'Send sign-in link',
  sendLinkWaiting: 'Send link ({{clock}})',
  justSent: 'A link to {{email}} was sent a moment ago. You can ask for a new one {{wait}} ({{clock}}).',
  linkSentBefore: 'We have sent a sign-in link to',
  linkSentAfter: '. Open the link on this device, or type the code from the e-mail here.',
  codeFromMail: 'Code from the e-mail',
  signInWithCode: 'Sign in with the code',
  newLinkIn: 'You can ask for a new link {{wait}} ({{clock}}).',
  noMail: 'No e-mail? Check your spam folder, or send a new one.',
  sendNewLink: 'Send a new link',
  sendNewLinkWaiting: 'Send a new link ({{clock}})',
  otherAddress: 'Use another e-mail address',
  password: 'Password',
  tryAgainIn: 'You can try again {{wait}}.',
  signIn: 'Sign in',
  signInWaiting: 'Sign in ({{clock}})',
  noPassword: 'No password? Sign in with a link by e-mail, and choose a password under Account.',
};
