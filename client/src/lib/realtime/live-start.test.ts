import { describe, expect, it } from 'vitest';
import { createLiveStart } from './live-start';

describe('createLiveStart', () => {
  it('loads the first page on the first start and reloads the newest on every later one (a reconnect)', () => {
    const calls: string[] = [];
    const start = createLiveStart();
    const handlers = { first: () => calls.push('first'), again: () => calls.push('again') };
    start(handlers);
    start(handlers);
    start(handlers);
    expect(calls).toEqual(['first', 'again', 'again']);
    // Each gate is its own: another screen starts from the beginning.
    createLiveStart()(handlers);
    expect(calls.at(-1)).toBe('first');
  });
});
