import { useEffect, useState } from 'react';
import { secondsLeft } from './countdown';

/** Seconds left until `untilMs`, re-rendering once a second while it runs; 0 when null or passed. */
export function useCountdown(untilMs: number | null): number {
  const [now, setNow] = useState(() => Date.now());
  const left = secondsLeft(untilMs, now);
  useEffect(() => {
    if (untilMs === null || untilMs <= Date.now()) return;
    setNow(Date.now());
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, [untilMs]);
  return left;
}
