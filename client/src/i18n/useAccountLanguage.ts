import { useEffect } from 'react';
import type { Language } from '../../../shared/values';
import { applyLanguage, startingLanguage } from '.';

/**
 * Follows the signed-in account's language (decision 0108): its saved choice when it has one; when it
 * follows the browser (null), the choice made on this browser or the browser's own. Undefined: not known
 * yet (no full session, or auth.me not answered), and the language shown stays.
 */
export function useAccountLanguage(account: Language | null | undefined): void {
  useEffect(() => {
    if (account === undefined) return;
    void applyLanguage(account ?? startingLanguage());
  }, [account]);
}
