import { describe, expect, it } from 'vitest';
import type { FeedItem } from '../../../../shared/schemas/feed';
import { applyFeedEvent, applyFeedPage, applyLatestFeedPage, EMPTY_FEED, itemLink } from './feed-state';
import { feedTime, placesOf, positionText, totalText } from './feed-format';

const item = (id: string, minute: number, extra: Partial<FeedItem> = {}): FeedItem => ({
  id,
  kind: 'tournament_opened',
  at: new Date(Date.UTC(2026, 5, 1, 10, minute)).toISOString(),
  tournament: { slug: `t-${id}`, name: `Turnering ${id}` },
  text: `Turnering ${id} er åpen for påmelding.`,
  ...extra,
});
const ids = (s: { items: FeedItem[] }) => s.items.map((i) => i.id);

describe('feed state', () => {
  it('keeps each item once, newest first, whether it came live, on a page, or both', () => {
    let s = applyFeedEvent(EMPTY_FEED, item('c', 3));
    s = applyFeedPage(s, { items: [item('c', 3), item('b', 2), item('a', 1)], nextBefore: 'a' });
    s = applyFeedEvent(s, item('d', 4));
    s = applyFeedEvent(s, item('d', 4));
    expect(ids(s)).toEqual(['d', 'c', 'b', 'a']);
    expect(s.older).toBe('a');
    s = applyFeedPage(s, { items: [item('z', 0)] });
    expect(ids(s)).toEqual(['d', 'c', 'b', 'a', 'z']);
    expect(s.older).toBeNull();
  });

  it('keeps the server order among items of one instant: a page in its order, a live item first', () => {
    let s = applyFeedPage(EMPTY_FEED, { items: [item('round', 5), item('eagle', 5), item('old', 1)] });
    expect(ids(s)).toEqual(['round', 'eagle', 'old']);
    s = applyFeedEvent(s, item('h2', 5));
    s = applyFeedEvent(s, item('r2', 5));
    expect(ids(s)).toEqual(['r2', 'h2', 'round', 'eagle', 'old']);
  });

  it('takes a hidden item out, and a page read before the withdrawal does not bring it back', () => {
    let s = applyFeedEvent(EMPTY_FEED, item('b', 2));
    s = applyFeedEvent(s, { kind: 'hidden', id: 'b' });
    expect(ids(s)).toEqual([]);
    s = applyFeedPage(s, { items: [item('b', 2), item('a', 1)] });
    expect(ids(s)).toEqual(['a']);
    s = applyFeedEvent(s, { kind: 'hidden', id: 'unknown' });
    expect(ids(s)).toEqual(['a']);
  });

  it('after a reconnect without an event id: the newest page joins; what left the feed within its span goes', () => {
    let s = applyFeedPage(EMPTY_FEED, { items: [item('c', 3), item('b', 2)], nextBefore: 'b' });
    s = applyFeedPage(s, { items: [item('a', 1)] });
    // Meanwhile 'd' and 'e' were posted and 'c' withdrawn; the newest page of two is e, d. 'c', older than
    // the page, cannot be told from an item merely older: it stays until a page covering it says otherwise.
    s = applyLatestFeedPage(s, { items: [item('e', 5), item('d', 4)], nextBefore: 'd' });
    expect(ids(s)).toEqual(['e', 'd', 'c', 'b', 'a']);
    expect(s.older).toBeNull();
    // The whole feed on one page: what is not on it has left.
    s = applyLatestFeedPage(s, { items: [item('e', 5), item('d', 4), item('b', 2), item('a', 1)] });
    expect(ids(s)).toEqual(['e', 'd', 'b', 'a']);
    // Before any page: the newest page says where older pages start.
    expect(applyLatestFeedPage(EMPTY_FEED, { items: [item('x', 1)], nextBefore: 'x' }).older).toBe('x');
  });

  it('links a tournament item to its public page and a shared round to nothing', () => {
    expect(itemLink(item('a', 1, { tournament: { slug: 'vårcupen-2026', name: 'Vårcupen' } }))).toBe(
      '/t/v%C3%A5rcupen-2026',
    );
    expect(
      itemLink(
        item('r', 1, {
          kind: 'round_shared',
          tournament: undefined,
          round: { id: 'r', courseName: 'Bogstad', playedOn: '2026-06-01' },
        }),
      ),
    ).toBeNull();
  });
});

describe('feed format', () => {
  const now = new Date(2026, 5, 3, 12, 0);
  it('says when in Norwegian', () => {
    expect(feedTime(new Date(2026, 5, 3, 11, 59, 40).toISOString(), now)).toBe('nå nettopp');
    expect(feedTime(new Date(2026, 5, 3, 11, 55).toISOString(), now)).toBe('for 5 min siden');
    expect(feedTime(new Date(2026, 5, 3, 9, 5).toISOString(), now)).toBe('i dag 09:05');
    expect(feedTime(new Date(2026, 5, 2, 9, 5).toISOString(), now)).toBe('i går 09:05');
    expect(feedTime(new Date(2026, 4, 30, 9, 5).toISOString(), now)).toBe('30. mai 09:05');
    expect(feedTime(new Date(2025, 4, 30, 9, 5).toISOString(), now)).toBe('30. mai 2025');
  });
  it('says when in English', () => {
    expect(feedTime(new Date(2026, 5, 3, 11, 59, 40).toISOString(), now, 'en')).toBe('just now');
    expect(feedTime(new Date(2026, 5, 3, 11, 55).toISOString(), now, 'en')).toBe('5 min ago');
    expect(feedTime(new Date(2026, 5, 2, 9, 5).toISOString(), now, 'en')).toBe('yesterday 09:05');
    expect(feedTime(new Date(2026, 4, 30, 9, 5).toISOString(), now, 'en')).toBe('30 May 09:05');
    expect(feedTime(new Date(2025, 4, 30, 9, 5).toISOString(), now, 'en')).toBe('30 May 2025');
  });
  it('writes totals and places', () => {
    expect(totalText(72, { unit: 'strokes' })).toBe('72 slag');
    expect(totalText(38, { unit: 'points' })).toBe('38 p');
    expect(positionText('1')).toBe('1.');
    expect(positionText('T2')).toBe('T2');
    expect(placesOf([70, 70, 72])).toEqual(['T1', 'T1', '3.']);
    expect(placesOf([68, 70, 70, 75])).toEqual(['1.', 'T2', 'T2', '4.']);
    expect(placesOf([])).toEqual([]);
  });
});
