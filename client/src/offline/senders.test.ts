import { describe, expect, it } from 'vitest';
import { closeAllSenders, senderFor } from './senders';

function closable() {
  let closed = false;
  return {
    close: () => {
      closed = true;
    },
    isClosed: () => closed,
  };
}

describe('the senders of this tab', () => {
  it('gives a scorecard opened again the sender still at work, and a new one once it has closed', () => {
    const first = senderFor('olga|r1', closable);
    expect(senderFor('olga|r1', closable)).toBe(first);
    expect(senderFor('olga|r2', closable)).not.toBe(first);
    first.close();
    const second = senderFor('olga|r1', closable);
    expect(second).not.toBe(first);
    expect(second.isClosed()).toBe(false);
  });

  it('closes every sender at a wipe, and starts afresh after it', () => {
    const a = senderFor('olga|r1', closable);
    const b = senderFor('olga|t1', closable);
    closeAllSenders();
    expect([a.isClosed(), b.isClosed()]).toEqual([true, true]);
    expect(senderFor('olga|r1', closable)).not.toBe(a);
    closeAllSenders();
  });
});
