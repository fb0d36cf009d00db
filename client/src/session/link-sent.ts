import { STORAGE_KEYS } from '../offline/storage-names';

/** The sign-in link this tab asked for last: the address, and when a new one may be asked for. */
export interface LinkSent {
  email: string;
  /** When a new link may be requested (ms since epoch). */
  cooldownUntil: number;
}

/**
 * Kept in sessionStorage, because a phone that switches to the mail app and back may have reloaded the page.
 * It belongs to one sign-in: a sign-in by any way, and the user leaving, end it (./forget-user.ts), so the
 * sign-in screen starts afresh instead of offering a code that was used.
 */
export function readLinkSent(): LinkSent | null {
  try {
    const value = JSON.parse(window.sessionStorage.getItem(STORAGE_KEYS.linkSent) ?? 'null') as LinkSent | null;
    return value && typeof value.email === 'string' ? value : null;
  } catch {
    return null;
  }
}

export function writeLinkSent(value: LinkSent | null): void {
  try {
    if (value) window.sessionStorage.setItem(STORAGE_KEYS.linkSent, JSON.stringify(value));
    else window.sessionStorage.removeItem(STORAGE_KEYS.linkSent);
  } catch {
    // Without storage the form simply starts over after a reload.
  }
}
