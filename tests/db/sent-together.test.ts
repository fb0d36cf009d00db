import { describe, expect, it } from 'vitest';
import { sentTogether } from '../../server/db/sent-together';

/** The statements of one flight (decision 0702): nothing left running when a failure is answered. */
describe('statements sent together', () => {
  it('answers every value in the order sent', async () => {
    const later = new Promise<string>((resolve) => setTimeout(() => resolve('b'), 10));
    expect(await sentTogether([Promise.resolve(1), later, Promise.resolve(null)])).toEqual([1, 'b', null]);
  });

  it('throws only after the slower statements have settled, and the first failure in the order sent', async () => {
    let slowSettled = false;
    const slow = new Promise<void>((resolve) =>
      setTimeout(() => {
        slowSettled = true;
        resolve();
      }, 20),
    );
    const failure = sentTogether([
      slow,
      new Promise((_, reject) => setTimeout(() => reject(new Error('second')), 5)),
      Promise.reject(new Error('third, but first to fail')),
    ]);
    await expect(failure).rejects.toThrow('second');
    expect(slowSettled).toBe(true);
  });
});
