import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PendingScores, ScoreOperation } from './pending-scores';
import { createScoreSender, sendResultOf, type OutboxStore, type SendResult } from './score-sender';

/** A stand-in for the network: records each request and lets the test answer it when it chooses. */
function network() {
  const requests: { operation: ScoreOperation; answer(result: SendResult): void }[] = [];
  return {
    requests,
    send: (operation: ScoreOperation) =>
      new Promise<SendResult>((resolve) => requests.push({ operation, answer: resolve })),
  };
}

const settled = () => vi.advanceTimersByTimeAsync(0);

/** A sender on the stand-in network, started unless told otherwise, with the network to answer it. */
function senderOnNetwork({ store, started = true }: { store?: OutboxStore; started?: boolean } = {}) {
  const net = network();
  const sender = createScoreSender({ send: net.send, retryMs: 5_000, store });
  if (started) sender.start();
  return { net, sender };
}

describe('the scorecard’s sender', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('sends two scores typed at once one after the other, each cleared by its own answer', async () => {
    const { net, sender } = senderOnNetwork();
    sender.edit('p1', 1, 4, null);
    sender.edit('p2', 1, 5, null);
    expect(net.requests.map((r) => r.operation.participantId)).toEqual(['p1']);
    net.requests[0]!.answer({ kind: 'saved' });
    await settled();
    expect(Object.keys(sender.getState().pending)).toEqual(['p2:1']);
    expect(net.requests.map((r) => r.operation.participantId)).toEqual(['p1', 'p2']);
    net.requests[1]!.answer({ kind: 'saved' });
    await settled();
    expect(sender.getState().pending).toEqual({});
    // Nothing is left to re-send later.
    await vi.advanceTimersByTimeAsync(20_000);
    expect(net.requests).toHaveLength(2);
    sender.close();
  });

  it('sends an unanswered score again every few seconds, however often the screen asks for its state', async () => {
    const { net, sender } = senderOnNetwork();
    sender.edit('p1', 1, 4, null);
    net.requests[0]!.answer({ kind: 'unanswered' });
    await settled();
    for (let t = 0; t < 5; t++) {
      sender.getState();
      await vi.advanceTimersByTimeAsync(1_000);
    }
    expect(net.requests).toHaveLength(2);
    expect(net.requests[1]!.operation).toEqual({ participantId: 'p1', hole: 1, previous: null, strokes: 4 });
    net.requests[1]!.answer({ kind: 'saved' });
    await settled();
    expect(sender.getState().pending).toEqual({});
    sender.close();
  });

  it('drops a conflicting score and keeps a notice of it until the player edits that hole again', async () => {
    const { net, sender } = senderOnNetwork();
    sender.edit('p1', 1, 5, 4);
    net.requests[0]!.answer({ kind: 'conflict' });
    await settled();
    expect(sender.getState()).toMatchObject({ pending: {}, conflicts: [{ participantId: 'p1', hole: 1, mine: 5 }] });
    sender.edit('p1', 1, 5, 6);
    expect(sender.getState().conflicts).toEqual([]);
    expect(net.requests[1]!.operation).toEqual({ participantId: 'p1', hole: 1, previous: 6, strokes: 5 });
    sender.close();
  });

  it('keeps the rest behind an unanswered score, and sends them all in order when the network answers', async () => {
    const { net, sender } = senderOnNetwork();
    sender.edit('p1', 1, 4, null);
    net.requests[0]!.answer({ kind: 'unanswered' });
    await settled();
    // A new score tries the oldest first; while that goes unanswered, nothing behind it is sent.
    sender.edit('p1', 2, 5, null);
    sender.edit('p1', 3, 6, null);
    expect(net.requests.map((r) => r.operation.hole)).toEqual([1, 1]);
    net.requests[1]!.answer({ kind: 'unanswered' });
    await settled();
    expect(net.requests).toHaveLength(2);
    sender.flush();
    for (let i = 2; i <= 4; i++) {
      expect(net.requests).toHaveLength(i + 1);
      net.requests[i]!.answer({ kind: 'saved' });
      await settled();
    }
    expect(net.requests.slice(2).map((r) => r.operation.hole)).toEqual([1, 2, 3]);
    expect(sender.getState().pending).toEqual({});
    sender.close();
  });

  it('saves the outbox on every change, and a new sender (a reload) reads it back and sends it in order', async () => {
    let saved: PendingScores = {};
    const store: OutboxStore = {
      load: async () => saved,
      save: (pending) => {
        saved = pending;
      },
    };
    const offline = createScoreSender({ send: async () => ({ kind: 'unanswered' }), retryMs: 5_000, store });
    await settled();
    offline.edit('p1', 1, 4, null);
    await settled();
    offline.edit('p2', 1, 5, null);
    offline.edit('p1', 1, 3, null);
    await settled();
    expect(Object.values(saved).map((p) => [p.participantId, p.strokes])).toEqual([
      ['p1', 3],
      ['p2', 5],
    ]);

    const { net, sender: reloaded } = senderOnNetwork({ store });
    await settled();
    expect(Object.keys(reloaded.getState().pending)).toHaveLength(2);
    net.requests[0]!.answer({ kind: 'saved' });
    await settled();
    net.requests[1]!.answer({ kind: 'saved' });
    await settled();
    expect(net.requests.map((r) => r.operation)).toEqual([
      { participantId: 'p1', hole: 1, previous: null, strokes: 3 },
      { participantId: 'p2', hole: 1, previous: null, strokes: 5 },
    ]);
    expect(saved).toEqual({});
    reloaded.close();
  });

  it('takes a 409 caused by its own lost answer for what it is, and sends the new value from the one written', async () => {
    const { net, sender } = senderOnNetwork();
    sender.edit('p1', 1, 4, null);
    net.requests[0]!.answer({ kind: 'unanswered' });
    await settled();
    sender.edit('p1', 1, 5, null);
    net.requests[1]!.answer({ kind: 'conflict' });
    await settled();
    expect(net.requests[2]!.operation).toEqual({ participantId: 'p1', hole: 1, previous: 4, strokes: 5 });
    expect(sender.getState().conflicts).toEqual([]);
    net.requests[2]!.answer({ kind: 'saved' });
    await settled();
    expect(sender.getState()).toMatchObject({ pending: {}, conflicts: [] });
    sender.close();
  });

  it('does not retry before it is put to work', async () => {
    const { net, sender } = senderOnNetwork({ started: false });
    sender.edit('p1', 1, 4, null);
    net.requests[0]!.answer({ kind: 'unanswered' });
    await settled();
    await vi.advanceTimersByTimeAsync(20_000);
    expect(net.requests).toHaveLength(1);
    sender.start();
    await vi.advanceTimersByTimeAsync(5_000);
    expect(net.requests).toHaveLength(2);
    sender.close();
  });

  it('once closed (a wipe), sends nothing more and saves nothing, even when an answer comes late', async () => {
    let saves = 0;
    const store: OutboxStore = {
      load: async () => ({}),
      save: () => {
        saves += 1;
      },
    };
    const { net, sender } = senderOnNetwork({ store });
    await settled();
    sender.edit('p1', 1, 4, null);
    sender.edit('p2', 1, 5, null);
    const savesBefore = saves;
    sender.close();
    net.requests[0]!.answer({ kind: 'saved' });
    await settled();
    await vi.advanceTimersByTimeAsync(20_000);
    expect(net.requests).toHaveLength(1);
    expect(saves).toBe(savesBefore);
  });

  it('closes without sending once its user is no longer the one signed in here, its outbox kept', async () => {
    let saved: PendingScores = {};
    const store: OutboxStore = {
      load: async () => ({}),
      save: (pending) => {
        saved = pending;
      },
    };
    let signedIn = 'olga';
    const net = network();
    const sender = createScoreSender({ send: net.send, retryMs: 5_000, store, mayAct: () => signedIn === 'olga' });
    sender.start();
    await settled();
    sender.edit('p1', 1, 4, null);
    net.requests[0]!.answer({ kind: 'unanswered' });
    await settled();
    // Another tab signs in as someone else before the network returns.
    signedIn = 'per';
    await vi.advanceTimersByTimeAsync(20_000);
    expect(net.requests).toHaveLength(1);
    expect(sender.isClosed()).toBe(true);
    expect(Object.values(saved).map((p) => [p.participantId, p.strokes])).toEqual([['p1', 4]]);
  });
});

describe('a failed score request', () => {
  const failure = (appCode: string | undefined, httpStatus?: number, message = 'Nei.') => ({
    message,
    data: { appCode, httpStatus },
  });

  it('goes again when nothing answered, and not when refused', () => {
    expect(sendResultOf(new TypeError('Failed to fetch'))).toEqual({ kind: 'unanswered' });
    expect(sendResultOf(failure(undefined, 502))).toEqual({ kind: 'unanswered' });
    // The database away (decision 0015): the score is kept and sent again, not dropped as refused.
    expect(sendResultOf(failure('UNAVAILABLE', 503, 'Tjenesten er midlertidig utilgjengelig.'))).toEqual({
      kind: 'unanswered',
    });
    // The session ended (expired, another tab signed out): kept until the player signs in again, not lost.
    expect(sendResultOf(failure('NOT_AUTHENTICATED', 401, 'Du må logge inn.'))).toEqual({ kind: 'unanswered' });
    expect(sendResultOf(failure('CONFLICT', 409))).toEqual({ kind: 'conflict' });
    expect(sendResultOf(failure('FORBIDDEN', 403, 'Bare spilleren.'))).toEqual({
      kind: 'refused',
      message: 'Bare spilleren.',
    });
  });
});
