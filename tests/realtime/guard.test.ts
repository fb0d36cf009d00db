import { describe, expect, it } from 'vitest';
import { AppError } from '../../server/errors';
import { createLogger } from '../../server/log';
import { createEventBus } from '../../server/realtime/bus';
import { announceAccessChanged } from '../../server/realtime/channels';
import { whileAllowed } from '../../server/realtime/guard';

/** A stream that yields whatever is pushed to it until its signal is aborted, and says when it stopped. */
function pushStream() {
  const queue: number[] = [];
  let wake: (() => void) | null = null;
  const state = { stopped: false };
  return {
    state,
    push(value: number) {
      queue.push(value);
      wake?.();
    },
    async *stream(signal: AbortSignal) {
      const aborted = new Promise<void>((resolve) => signal.addEventListener('abort', () => resolve(), { once: true }));
      try {
        while (!signal.aborted) {
          while (queue.length > 0) yield queue.shift()!;
          await Promise.race([new Promise<void>((resolve) => (wake = resolve)), aborted]);
        }
      } finally {
        state.stopped = true;
      }
    },
  };
}

const deps = () => ({ bus: createEventBus(), logger: createLogger('silent') });

describe('whileAllowed: a subscription only for as long as its access lasts', () => {
  it('checks again on its own timer and ends with the check’s error, stopping the stream', async () => {
    const d = deps();
    const source = pushStream();
    let allowed = true;
    const live = whileAllowed(
      d,
      {
        userId: 'u1',
        signal: undefined,
        recheckMs: 50,
        check: async () => {
          if (!allowed) throw new AppError('NOT_ORG_MEMBER');
        },
      },
      (signal) => source.stream(signal),
    );
    source.push(1);
    expect((await live.next()).value).toBe(1);
    const pending = live.next();
    allowed = false;
    await expect(pending).rejects.toMatchObject({ code: 'NOT_ORG_MEMBER' });
    expect(source.state.stopped).toBe(true);
  });

  it('checks again at once when a change of the user’s access is announced, and ignores other users’', async () => {
    const d = deps();
    const source = pushStream();
    let checks = 0;
    let allowed = true;
    const live = whileAllowed(
      d,
      {
        userId: 'u1',
        signal: undefined,
        recheckMs: 60_000,
        check: async () => {
          checks += 1;
          if (!allowed) throw new AppError('NOT_FOUND');
        },
      },
      (signal) => source.stream(signal),
    );
    source.push(1);
    await live.next();
    allowed = false;
    announceAccessChanged(d, 'someone-else');
    expect(checks).toBe(0);
    const pending = live.next();
    announceAccessChanged(d, 'u1');
    await expect(pending).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect(checks).toBe(1);
  });

  it('a check that fails for another reason (the database away) keeps the subscription', async () => {
    const d = deps();
    const source = pushStream();
    let failures = 0;
    const live = whileAllowed(
      d,
      {
        userId: 'u1',
        signal: undefined,
        recheckMs: 20,
        check: async () => {
          failures += 1;
          throw new Error('connection refused');
        },
      },
      (signal) => source.stream(signal),
    );
    const pending = live.next();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(failures).toBeGreaterThan(1);
    source.push(2);
    expect((await pending).value).toBe(2);
    await live.return(undefined);
    expect(source.state.stopped).toBe(true);
  });

  it('the subscriber leaving stops the stream and the checks', async () => {
    const d = deps();
    const source = pushStream();
    const leave = new AbortController();
    let checks = 0;
    const live = whileAllowed(
      d,
      {
        userId: 'u1',
        signal: leave.signal,
        recheckMs: 20,
        check: async () => {
          checks += 1;
        },
      },
      (signal) => source.stream(signal),
    );
    const pending = live.next();
    leave.abort();
    expect((await pending).done).toBe(true);
    expect(source.state.stopped).toBe(true);
    const after = checks;
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(checks).toBe(after);
  });
});
