import type { Texts } from '../types';
import type { twoFactorVerify as nbTwoFactorVerify } from '../nb/twoFactorVerify';

/** The two-factor sign-in step’s texts in English. */
export const twoFactorVerify: Texts<typeof nbTwoFactorVerify> = {
  expiredTitle: 'The sign-in has expired',
  aborted: 'The sign-in was stopped after too many mistakes or because the time ran out.',
  timedOut: 'The time to type the code ran out.',
  signInAgainSentence: 'Sign in again.',
  signInAgain: 'Sign in again',
  title: 'Two-factor code',
  recoveryIntro: 'Type one of the recovery codes you saved when you turned on two-factor. Each code can be used once.',
  emailIntro: 'We have sent a six-digit code to {{email}}.',
  yourAddress: 'your e-mail address',
  appIntro: 'Open the authenticator app and type the six-digit code for Hullvis.',
  expiresIn: 'The sign-in expires in',
  recoveryCode: 'Recovery code',
  code: 'Code',
  recoveryHint: 'Ten characters, for example abcde-fghij.',
  confirm: 'Confirm',
  typeSix: 'Type the six digits first.',
  typeRecovery: 'Type the whole recovery code first.',
  newCodeSent: 'A new code has been sent. It is valid for 10 minutes.',
  sendNewCodeWaiting: 'Send a new code ({{wait}})',
  sendNewCode: 'Send a new code',
  useAppOrMail: 'Use a code from the app or e-mail',
  useRecovery: 'Use a recovery code',
  cancel: 'Cancel and sign in again',
};
