import { useSyncExternalStore } from 'react';
import type { PendingStage } from './stage';
import { STORAGE_KEYS } from '../offline/storage-names';

const KEY = STORAGE_KEYS.pendingStage;
const listeners = new Set<() => void>();

function read(): PendingStage | null {
  try {
    const raw = window.sessionStorage.getItem(KEY);
    if (!raw) return null;
    const value = JSON.parse(raw) as PendingStage;
    return typeof value.expiresAt === 'number' && (value.stage === 'pending_2fa' || value.stage === 'must_enroll_2fa')
      ? value
      : null;
  } catch {
    return null;
  }
}

let current: PendingStage | null = typeof window === 'undefined' ? null : read();

/**
 * The pending/enrolling stage of this tab: kept in sessionStorage so a reload of the 2FA screen keeps its
 * place (the cookie survives the reload; only the stage is invisible to JavaScript, as the cookie is HttpOnly).
 */
export function setPendingStage(value: PendingStage | null): void {
  current = value;
  try {
    if (value) window.sessionStorage.setItem(KEY, JSON.stringify(value));
    else window.sessionStorage.removeItem(KEY);
  } catch {
    // Private mode without storage: the stage lives until the tab reloads.
  }
  for (const listener of listeners) listener();
}

export function usePendingStage(): PendingStage | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => current,
    // The server renders a page with no stage (it has no sessionStorage); so does a hydrating first render.
    () => null,
  );
}
