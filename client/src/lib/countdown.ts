import type { TFunction } from 'i18next';

/** Whole seconds left until `untilMs`, never negative; rounded up so "1 s" shows until the very end. */
export function secondsLeft(untilMs: number | null, nowMs: number): number {
  if (untilMs === null) return 0;
  return Math.max(0, Math.ceil((untilMs - nowMs) / 1000));
}

/** "0:45", "4:59", "12:00": minutes and zero-padded seconds, as a countdown reads on a phone. */
export function formatClock(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

/** The sentence for a screen reader and for the button, in the language shown: "om 45 sekunder", "in 1 minute and 5 seconds". */
export function describeWait(seconds: number, t: TFunction): string {
  const s = Math.max(0, Math.ceil(seconds));
  const minutes = Math.floor(s / 60);
  const rest = s % 60;
  const sec = t('common.wait.seconds', { count: rest });
  const min = t('common.wait.minutes', { count: minutes });
  if (minutes === 0) return t('common.wait.in', { time: sec });
  if (rest === 0) return t('common.wait.in', { time: min });
  return t('common.wait.inAnd', { minutes: min, seconds: sec });
}

/** docs/contract.md section 6: one magic link per address per 60 s. */
export const MAGIC_LINK_COOLDOWN_SECONDS = 60;
/** docs/contract.md section 5: pending and enrolment sessions last 300 s. */
export const PENDING_SESSION_SECONDS = 300;

/**
 * When the next request may be sent: after a success the contract's cooldown; after a 429 the server's
 * Retry-After when it told us, otherwise the cooldown again.
 */
export function cooldownUntil(nowMs: number, retryAfterSeconds?: number): number {
  return nowMs + (retryAfterSeconds ?? MAGIC_LINK_COOLDOWN_SECONDS) * 1000;
}
