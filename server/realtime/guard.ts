import type { Deps } from '../deps';
import { AppError } from '../errors';
import { accessChannel } from './channels';

/**
 * How often a live subscription checks its access again when nothing announced a change: the backstop for
 * changes no announcement reached (SQL by hand, a bus message lost). Announced changes are checked at once,
 * and an ended session closes the socket anyway (realtime/sockets.ts), so this can be slow: a thousand
 * spectators at 30 s were 70 access queries a second on the embedded database, at 5 minutes they are 3.
 */
export const ACCESS_RECHECK_MS = 5 * 60_000;

const DENIED = Symbol('denied');

/**
 * A subscription's stream for as long as its subscriber may see it. `check` is the subscription's own
 * access check (the one it passed at the start); it runs again whenever a change of the user's access is
 * announced on the bus, and every `recheckMs`. When it throws an AppError, the stream stops and the
 * subscription ends with that error (NOT_FOUND, NOT_ORG_MEMBER …), so the subscriber learns why and gets
 * nothing more. Any other failure (the database briefly away) is logged and checked again later: a blip is
 * no reason to cut off every spectator.
 *
 * `stream` gets its own abort signal, aborted when the subscriber leaves or access ends, so a stream
 * waiting for the next event stops waiting.
 */
export async function* whileAllowed<T>(
  deps: Pick<Deps, 'bus' | 'logger'>,
  options: { userId: string; check: () => Promise<void>; signal: AbortSignal | undefined; recheckMs?: number },
  stream: (signal: AbortSignal) => AsyncGenerator<T>,
): AsyncGenerator<T> {
  const inner = new AbortController();
  const stopInner = () => inner.abort();
  if (options.signal?.aborted) inner.abort();
  options.signal?.addEventListener('abort', stopInner, { once: true });

  let denial: AppError | null = null;
  let deny!: () => void;
  const denied = new Promise<typeof DENIED>((resolve) => (deny = () => resolve(DENIED)));

  let checking = false;
  let checkAgain = false;
  const recheck = async () => {
    if (checking) {
      checkAgain = true;
      return;
    }
    checking = true;
    try {
      do {
        checkAgain = false;
        await options.check();
      } while (checkAgain && !denial);
    } catch (error) {
      if (error instanceof AppError) {
        denial = error;
        inner.abort();
        deny();
      } else {
        deps.logger.warn({ err: error }, 'live subscription access check failed');
      }
    } finally {
      checking = false;
    }
  };
  const stopListening = deps.bus.subscribe(accessChannel(options.userId), () => void recheck());
  // An announcement may have been lost while the bus reconnected: check now, not at the next backstop.
  const stopResync = deps.bus.onResync(() => void recheck());
  // Spread over the interval, so that subscriptions opened together are not checked together.
  const every = options.recheckMs ?? ACCESS_RECHECK_MS;
  let timer: NodeJS.Timeout = setTimeout(
    function tick() {
      void recheck();
      timer = setTimeout(tick, every);
      timer.unref();
    },
    Math.round(every * (0.5 + Math.random() / 2)),
  );
  timer.unref();

  const source = stream(inner.signal);
  try {
    for (;;) {
      const next = await Promise.race([source.next(), denied]);
      if (next === DENIED || next.done) break;
      yield next.value;
    }
    if (denial) throw denial;
  } finally {
    clearTimeout(timer);
    stopListening();
    stopResync();
    options.signal?.removeEventListener('abort', stopInner);
    inner.abort();
    await source.return(undefined);
  }
}
