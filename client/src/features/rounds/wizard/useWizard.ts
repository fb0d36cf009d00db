import { useEffect, useReducer } from 'react';
import { ROUND_WIZARD_KEY as KEY } from '../../../offline/last-user';
import { initialWizard, restoreWizard, wizardReducer, type WizardState } from '../wizard-state';

function load(): WizardState {
  try {
    return restoreWizard(window.sessionStorage.getItem(KEY)) ?? initialWizard(new Date());
  } catch {
    return initialWizard(new Date());
  }
}

/** The wizard's draft, saved to sessionStorage after every change: a reload continues where it was. */
export function useWizard() {
  const [state, dispatch] = useReducer(wizardReducer, undefined, load);
  useEffect(() => {
    try {
      window.sessionStorage.setItem(KEY, JSON.stringify(state));
    } catch {
      // Without storage the draft lives as long as the page.
    }
  }, [state]);
  return [state, dispatch] as const;
}

export function clearWizardDraft(): void {
  try {
    window.sessionStorage.removeItem(KEY);
  } catch {
    // nothing stored
  }
}
