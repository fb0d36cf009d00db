import type { Deps } from '../deps';
import type { EventBus } from '../realtime/bus';
import { tournamentChannel } from './events';

/**
 * A public tournament's page, as everyone may read it, kept for at most PAGE_MEMO_MS so that a page read by
 * hundreds of phones at once costs one access check and one version read per change, not per request
 * (docs/performance.md: the page at ≥ 1,000 req/s). Only a page found without an organization context (public,
 * past draft) is kept: it is the same for every reader. Every change of the tournament writes an event and
 * nudges `tournament:<id>` on the bus after its commit; the nudge drops the page at once, on every instance
 * the bus reaches, and a bus that may have lost messages (resync) drops all. The time bound covers what
 * the nudge cannot: a club renamed (no tournament event) and the moment between reading a page and keeping it.
 */
export const PAGE_MEMO_MS = 1000;
const MAX_PAGES = 1000;

interface Kept {
  page: object;
  tournamentId: string;
  expiresAt: number;
  stopListening: () => void;
}

interface Memo {
  pages: Map<string, Kept>;
}

const memos = new WeakMap<EventBus, Memo>();

function memoOf(bus: EventBus): Memo {
  let memo = memos.get(bus);
  if (!memo) {
    const created: Memo = { pages: new Map() };
    bus.onResync(() => {
      for (const slug of [...created.pages.keys()]) forget(created, slug);
    });
    memos.set(bus, created);
    memo = created;
  }
  return memo;
}

function forget(memo: Memo, slug: string): void {
  const kept = memo.pages.get(slug);
  if (!kept) return;
  memo.pages.delete(slug);
  kept.stopListening();
}

/** The public page kept for `slug`, if it is still fresh. */
export function keptPublicPage<T extends object>(deps: Pick<Deps, 'bus' | 'now'>, slug: string): T | undefined {
  const memo = memoOf(deps.bus);
  const kept = memo.pages.get(slug);
  if (!kept) return undefined;
  if (kept.expiresAt <= deps.now().getTime()) {
    forget(memo, slug);
    return undefined;
  }
  return kept.page as T;
}

/** Keeps a page found without an organization context; it leaves at the tournament's next change. */
export function keepPublicPage(
  deps: Pick<Deps, 'bus' | 'now'>,
  slug: string,
  tournamentId: string,
  page: object,
): void {
  const memo = memoOf(deps.bus);
  forget(memo, slug);
  const stopListening = deps.bus.subscribe(tournamentChannel(tournamentId), () => forget(memo, slug));
  memo.pages.set(slug, { page, tournamentId, expiresAt: deps.now().getTime() + PAGE_MEMO_MS, stopListening });
  if (memo.pages.size > MAX_PAGES) forget(memo, memo.pages.keys().next().value!);
}
