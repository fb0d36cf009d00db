import { describe, expect, it } from 'vitest';
import { shareUntilStarted } from '../../server/db/share-until-started';

/** A read that is held at each step until the test moves it on: waiting for a connection, then running. */
function heldRead(value: string) {
  let start!: () => void;
  let finish!: () => void;
  const connected = new Promise<void>((resolve) => (start = resolve));
  const answered = new Promise<void>((resolve) => (finish = resolve));
  let reads = 0;
  const read = async (started: () => void) => {
    const n = ++reads;
    await connected;
    started();
    await answered;
    return `${value} ${n}`;
  };
  return { read, start, finish, reads: () => reads };
}

describe('reads shared until they start', () => {
  it('gives callers that arrive while the first read waits for its connection that read', async () => {
    const shared = shareUntilStarted<string>();
    const held = heldRead('svar');
    const first = shared('t', held.read);
    const second = shared('t', held.read);
    const third = shared('t', held.read);
    held.start();
    held.finish();
    expect(await Promise.all([first, second, third])).toEqual(['svar 1', 'svar 1', 'svar 1']);
    expect(held.reads()).toBe(1);
  });

  it('makes a caller who arrives after the read has started read for itself', async () => {
    const shared = shareUntilStarted<string>();
    const held = heldRead('svar');
    const first = shared('t', held.read);
    held.start();
    await new Promise((resolve) => setImmediate(resolve));
    const late = shared('t', held.read);
    held.finish();
    expect(await first).toBe('svar 1');
    expect(await late).toBe('svar 2');
    expect(held.reads()).toBe(2);
  });

  it('keeps different keys apart and reads again once an answer has come', async () => {
    const shared = shareUntilStarted<string>();
    const a = heldRead('a');
    const b = heldRead('b');
    const first = [shared('a', a.read), shared('b', b.read)];
    for (const held of [a, b]) {
      held.start();
      held.finish();
    }
    expect(await Promise.all(first)).toEqual(['a 1', 'b 1']);
    expect(await shared('a', a.read)).toBe('a 2');
  });

  it('gives every joined caller the failure, and the next caller a read of its own', async () => {
    const shared = shareUntilStarted<string>();
    let reads = 0;
    let fail!: (error: Error) => void;
    const failing = (_started: () => void) => {
      reads++;
      return new Promise<string>((_resolve, reject) => (fail = reject));
    };
    const joined = [shared('t', failing), shared('t', failing)];
    fail(new Error('databasen svarte ikke'));
    for (const result of joined) await expect(result).rejects.toThrow('databasen svarte ikke');
    const next = shared('t', async (started) => {
      started();
      return 'ny lesing';
    });
    expect(await next).toBe('ny lesing');
    expect(reads).toBe(1);
  });

  it('never shares a read that started at once', async () => {
    const shared = shareUntilStarted<string>();
    let reads = 0;
    const immediate = async (started: () => void) => {
      started();
      const n = ++reads;
      await new Promise((resolve) => setImmediate(resolve));
      return `les ${n}`;
    };
    expect(await Promise.all([shared('t', immediate), shared('t', immediate)])).toEqual(['les 1', 'les 2']);
    expect(reads).toBe(2);
  });
});
