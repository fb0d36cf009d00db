import type { Texts } from '../types';
import type { recoveryCodes as nbRecoveryCodes } from '../nb/recoveryCodes';

/** The recovery codes’ texts in English. */
export const recoveryCodes: Texts<typeof nbRecoveryCodes> = {
  continue: 'Continue',
  saveNow: 'Save these codes now.',
  why: 'If you lose your phone or access to your e-mail, you can sign in with one of them. They are shown only this once.',
  listLabel: 'Recovery codes',
  copy: 'Copy the codes',
  download: 'Download as a file',
  copied: 'Copied.',
  copyFailed: 'Could not copy automatically: the codes are selected, copy them yourself.',
  saved: 'I have saved the recovery codes in a safe place',
  tickFirst: 'Tick the box above once the codes are saved.',
};
