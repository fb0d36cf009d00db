import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FeedItem } from '../../shared/schemas/feed';
import { createTestDeps, type TestDeps } from '../helpers/deps';
import { startTestServer, type TestServer } from '../helpers/server';
import { draftTournament, moveTo } from './support';

/**
 * An item's `text` (docs/contract.md section 10) is worded from its facts when it is read, in the request's
 * language: Norwegian by default, English when Accept-Language prefers it (decision 0025).
 */
describe('a feed item’s text follows Accept-Language', () => {
  let deps: TestDeps;
  let server: TestServer;

  beforeAll(async () => {
    deps = await createTestDeps();
    server = await startTestServer(deps);
    await moveTo(deps, await draftTournament(deps, { name: 'Vårcupen' }), 'open');
    await moveTo(deps, await draftTournament(deps, { name: 'Poengcupen', format: 'stableford' }), 'finished');
  });
  afterAll(() => server.close());

  const feed = async (headers: Record<string, string>): Promise<FeedItem[]> =>
    (await (await fetch(`${server.url}/feed`, { headers: { accept: 'application/json', ...headers } })).json()).items;
  const byName = (items: FeedItem[], name: string, kind: FeedItem['kind']) =>
    items.find((i) => i.tournament?.name === name && i.kind === kind)!;

  it('is Norwegian without a header, and for a Norwegian preference', async () => {
    for (const headers of [{}, { 'accept-language': 'nb-NO,nb;q=0.9,en;q=0.8' }] as Record<string, string>[]) {
      const items = await feed(headers);
      expect(byName(items, 'Vårcupen', 'tournament_opened').text).toBe('Vårcupen er åpen for påmelding.');
      expect(byName(items, 'Poengcupen', 'tournament_finished').text).toBe('Poengcupen er ferdigspilt.');
    }
  });

  it('is English when the request prefers English, with the same facts', async () => {
    const english = await feed({ 'accept-language': 'en-GB,en;q=0.9,nb;q=0.5' });
    expect(byName(english, 'Vårcupen', 'tournament_opened').text).toBe('Vårcupen is open for entries.');
    const finished = byName(english, 'Poengcupen', 'tournament_finished');
    expect(finished.text).toBe('Poengcupen has finished.');
    // What the totals count is a fact of its own: no reader has to find it in a sentence.
    expect(finished.unit).toBe('points');
    const norwegian = await feed({});
    expect(english.map(({ text: _, ...facts }) => facts)).toEqual(norwegian.map(({ text: _, ...facts }) => facts));
  });
});
