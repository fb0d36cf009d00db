import { describe, expect, it } from 'vitest';
import { applyLanguage, i18n } from '../i18n';
import { cooldownUntil, describeWait, formatClock, MAGIC_LINK_COOLDOWN_SECONDS, secondsLeft } from './countdown';

describe('the countdown', () => {
  const start = Date.parse('2026-05-01T08:00:00Z');

  it('counts whole seconds up, so the last second still shows, and stops at zero', () => {
    const until = start + 60_000;
    expect(secondsLeft(until, start)).toBe(60);
    expect(secondsLeft(until, start + 100)).toBe(60);
    expect(secondsLeft(until, start + 59_001)).toBe(1);
    expect(secondsLeft(until, start + 60_000)).toBe(0);
    expect(secondsLeft(until, start + 3_600_000)).toBe(0);
    expect(secondsLeft(null, start)).toBe(0);
  });

  it('reads like a clock and like a sentence', () => {
    expect(formatClock(300)).toBe('5:00');
    expect(formatClock(65)).toBe('1:05');
    expect(formatClock(9)).toBe('0:09');
    expect(formatClock(-3)).toBe('0:00');
  });

  it('says how long to wait in Norwegian and in English', async () => {
    const nb = i18n.getFixedT('nb');
    expect(describeWait(1, nb)).toBe('om 1 sekund');
    expect(describeWait(45, nb)).toBe('om 45 sekunder');
    expect(describeWait(60, nb)).toBe('om 1 minutt');
    expect(describeWait(125, nb)).toBe('om 2 minutter og 5 sekunder');
    await applyLanguage('en');
    const en = i18n.getFixedT('en');
    expect(describeWait(1, en)).toBe('in 1 second');
    expect(describeWait(125, en)).toBe('in 2 minutes and 5 seconds');
  });

  it('waits the contract cooldown after a request, or what the server said after a 429', () => {
    expect(cooldownUntil(start)).toBe(start + MAGIC_LINK_COOLDOWN_SECONDS * 1000);
    expect(cooldownUntil(start, 17)).toBe(start + 17_000);
  });
});
