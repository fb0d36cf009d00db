import type { Deps } from '../../deps';
import { secretBox } from '../crypto';

/** TOTP secrets are stored encrypted (decision 0203): the box for them, for enrolment and for checking. */
export function totpBox(deps: Pick<Deps, 'config'>) {
  return secretBox(deps.config.sessionSecret, 'totp-secret');
}
