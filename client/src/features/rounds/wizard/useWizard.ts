import { useEffect, useReducer } from 'react';
import { STORAGE_KEYS } from '../../../offline/storage-names';
import { initialWizard, restoreWizard, wizardReducer, type WizardState } from '../wizard-state';

function load(): WizardState {
  try {
    return restoreWizard(window.sessionStorage.getItem(STORAGE_KEYS.roundWizard)) ?? initialWizard(new Date());
  } catch {
    return initialWizard(new Date());
  }
}

/** The wizard's draft, saved to sessionStorage after every change: a reload continues where it was. */
export function useWizard() {
  const [state, dispatch] = useReducer(wizardReducer, undefined, load);
  useEffect(() => {
    try {
      window.sessionStorage.setItem(STORAGE_KEYS.roundWizard, JSON.stringify(state));
    } catch {
      // Without storage the draft lives as long as the page.
    }
  }, [state]);
  return [state, dispatch] as const;
}

export function clearWizardDraft(): void {
  try {
    window.sessionStorage.removeItem(STORAGE_KEYS.roundWizard);
  } catch {
    // nothing stored
  }
}
