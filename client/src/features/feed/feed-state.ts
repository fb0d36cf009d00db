import type { FeedEvent, FeedItem, FeedList } from '../../../../shared/schemas/feed';
import { ROUTES } from '../../routes';

/**
 * The feed as a screen holds it: each item once by its id, newest first, where the next older page starts,
 * and the ids that have left the feed. Live events and pages arrive in any order (subscribe first, then
 * load feed.list; docs/chat-and-feed.md), so merging is by id. An item never changes once posted; it can
 * only leave (`{kind: 'hidden', id}`), and an item that has left is not taken in again from a page that
 * was read before it left.
 */
export interface FeedState {
  items: FeedItem[];
  /** The `before` of the next older page; null once the first item is reached; undefined before the first page. */
  older: string | null | undefined;
  /** Ids announced as hidden: a page that still carries one (read before the withdrawal) does not bring it back. */
  gone: ReadonlySet<string>;
}

export const EMPTY_FEED: FeedState = { items: [], older: undefined, gone: new Set() };

/**
 * Adds items by id, newest first. A new live item goes before those held at its time or later (one clock
 * tick holds several posts: a round's highlights and the round itself); a page's item after those held at
 * its time, in the page's order, which is the server's.
 */
function merge(
  items: readonly FeedItem[],
  incoming: readonly FeedItem[],
  from: 'live' | 'page',
  gone: ReadonlySet<string>,
): FeedItem[] {
  const result = [...items];
  const held = new Set(result.map((i) => i.id));
  for (const item of incoming) {
    if (held.has(item.id) || gone.has(item.id)) continue;
    held.add(item.id);
    let i = 0;
    if (from === 'live') while (i < result.length && result[i]!.at > item.at) i++;
    else while (i < result.length && result[i]!.at >= item.at) i++;
    result.splice(i, 0, item);
  }
  return result;
}

/** A live event: a new item joins; `hidden` takes one out. */
export function applyFeedEvent(state: FeedState, event: FeedEvent): FeedState {
  if (event.kind === 'hidden') {
    const gone = new Set(state.gone).add(event.id);
    return { ...state, items: state.items.filter((i) => i.id !== event.id), gone };
  }
  return { ...state, items: merge(state.items, [event], 'live', state.gone) };
}

/** A page of feed.list (newest first): the first page, or the next older one. */
export function applyFeedPage(state: FeedState, page: FeedList): FeedState {
  return { ...state, items: merge(state.items, page.items, 'page', state.gone), older: page.nextBefore ?? null };
}

/**
 * The newest page read again after a reconnect that could not resume from an event id: what was posted
 * meanwhile joins, where older pages start is unchanged (unless no page had been read yet). An item held
 * but missing from that page may have left the feed meanwhile, or only be older than the page: it is kept
 * when older than the page's last item, dropped when within the page's span (an item as old as the page's last is kept: the time alone cannot tell).
 */
export function applyLatestFeedPage(state: FeedState, page: FeedList): FeedState {
  const oldest = page.items.at(-1)?.at;
  const onPage = new Set(page.items.map((i) => i.id));
  const kept =
    page.nextBefore === undefined
      ? state.items.filter((i) => onPage.has(i.id))
      : state.items.filter((i) => onPage.has(i.id) || (oldest !== undefined && i.at <= oldest));
  const items = merge(kept, [...page.items].reverse(), 'live', state.gone);
  return { ...state, items, older: state.older === undefined ? (page.nextBefore ?? null) : state.older };
}

/** Whether the item has a page to open: the tournament's public page. A shared round has none (decision 0507). */
export function itemLink(item: FeedItem): string | null {
  return item.tournament ? ROUTES.publicTournament(item.tournament.slug) : null;
}
