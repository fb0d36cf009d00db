import type { Browser } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { draftTournament, moveTo, playedRound } from '../feed/support';
import { writeScores } from '../helpers/tournaments';
import { newPhoneContext, screenshots, type AppUnderTest } from './harness';
import { expectAccessible, signedInContext, useAppAndBrowser, watchConsole, watchScripts } from './support';

/** The feed page for an anonymous visitor: all of its JavaScript under the sign-in page's budget. */
const FEED_PAGE_BUDGET_BYTES = 150 * 1024;

/** The feed: live for anyone at /feed, on the home screen, and a round shared from its screen. */
describe('the feed', () => {
  let app: AppUnderTest;
  let browser: Browser;
  useAppAndBrowser((started) => ({ app, browser } = started));

  it('an anonymous visitor at /feed sees a public tournament open without a reload, and follows it to its page', async () => {
    const earlier = await draftTournament(app.deps, { name: 'Høstcupen' });
    await moveTo(app.deps, earlier, 'in_progress');

    const context = await newPhoneContext(browser);
    const page = await context.newPage();
    const errors = watchConsole(page);
    const scripts = watchScripts(page);
    await page.goto(`${app.url}/feed`);
    await page.getByRole('heading', { name: 'Siste nytt' }).waitFor();
    // The server answered the browser's navigation with the app, not feed.list's JSON (decision 0507).
    expect(new URL(page.url()).pathname).toBe('/feed');
    await page.getByTestId('connection').getByText('Direkte').waitFor();
    await page.getByText('Høstcupen er i gang.').waitFor();

    const fx = await draftTournament(app.deps, { name: 'Vårcupen Direkte' });
    await moveTo(app.deps, fx, 'open');
    const opened = page.getByText('Vårcupen Direkte er åpen for påmelding.');
    await opened.waitFor({ timeout: 10_000 });
    // Newest first, and only once.
    const items = page.getByTestId('feed-items').locator('> li');
    expect(await items.first().textContent()).toContain('Vårcupen Direkte er åpen for påmelding.');
    expect(await opened.count()).toBe(1);
    await page.waitForLoadState('networkidle');
    await screenshots(page, 'feed-anonymous');
    await expectAccessible(page, 'feed page');

    const { sizes, total } = await scripts.measured('feed page');
    expect(total).toBeLessThan(FEED_PAGE_BUDGET_BYTES);
    expect(sizes.some((s) => s.file.includes('FeedScreen'))).toBe(true);
    for (const other of [
      'LoginScreen',
      'HomeScreen',
      'RoundScreen',
      'ChatScreen',
      'PublicTournamentScreen',
      'browser-',
    ]) {
      expect(sizes.filter((s) => s.file.includes(other))).toEqual([]);
    }

    // The item leads to the tournament's public page.
    await items
      .first()
      .getByRole('link', { name: /Vårcupen Direkte/ })
      .click();
    await page.getByRole('heading', { name: 'Vårcupen Direkte' }).waitFor();
    expect(new URL(page.url()).pathname).toBe(`/t/${fx.slug}`);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('pages back with "Vis flere"', async () => {
    for (let i = 0; i < 22; i++)
      await moveTo(
        app.deps,
        await draftTournament(app.deps, { name: `Sidecup ${String(i).padStart(2, '0')}` }),
        'open',
      );
    const context = await newPhoneContext(browser);
    const page = await context.newPage();
    const errors = watchConsole(page);
    await page.goto(`${app.url}/feed`);
    await page.getByText('Sidecup 21 er åpen for påmelding.').waitFor();
    const items = page.getByTestId('feed-items').locator('> li');
    expect(await items.count()).toBe(20);
    await page.getByRole('button', { name: 'Vis flere' }).click();
    await page.getByText('Sidecup 00 er åpen for påmelding.').waitFor();
    expect(await items.count()).toBeGreaterThan(22);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("a round shared from its screen appears in another context's feed and on a home screen, and unsharing removes it live", async () => {
    const { round, owner, participant } = await playedRound(app.deps);

    // Someone else's home screen: the newest items of the feed, live.
    const watcher = await signedInContext(browser, app, participant);
    const home = await watcher.newPage();
    const homeErrors = watchConsole(home);
    await home.goto(`${app.url}/`);
    const homeFeed = home.getByTestId('home-feed');
    await homeFeed.getByRole('heading', { name: 'Siste nytt' }).waitFor();
    await homeFeed.getByRole('link', { name: 'Se alle' }).waitFor();

    // An anonymous feed page too.
    const anonymous = await newPhoneContext(browser);
    const feed = await anonymous.newPage();
    const feedErrors = watchConsole(feed);
    await feed.goto(`${app.url}/feed`);
    await feed.getByTestId('connection').getByText('Direkte').waitFor();

    const ownerContext = await signedInContext(browser, app, owner);
    const roundPage = await ownerContext.newPage();
    const roundErrors = watchConsole(roundPage);
    await roundPage.goto(`${app.url}/runder/${round.id}`);
    const share = roundPage.getByTestId('share-round');
    await share.getByText('Ikke delt').waitFor();
    await share.getByRole('button', { name: 'Del i feeden' }).click();
    await share.getByText('Delt', { exact: true }).waitFor();
    await share.getByRole('button', { name: 'Fjern fra feeden' }).waitFor();
    await roundPage.waitForLoadState('networkidle');
    await screenshots(roundPage, 'feed-round-shared');
    await expectAccessible(roundPage, 'round screen, shared');

    const sharedText = /Runde på Bogstad 1\. juni 2026: /;
    await feed.getByText(sharedText).waitFor({ timeout: 10_000 });
    // The round's players with their totals, and its highlights posted with it.
    const sharedItem = feed.locator('[data-kind="round_shared"]');
    expect(await sharedItem.textContent()).toContain('Rune Rundeeier');
    expect(await sharedItem.locator('.feed-places > li').count()).toBe(3);
    // Gunnar's hole in one and Rune's eagle: both 70, a tie for first.
    expect(await sharedItem.locator('.feed-places .pos').allTextContents()).toEqual(['T1', 'T1', '3.']);
    await feed.locator('[data-kind="highlight"]').getByText('Hole in one', { exact: true }).waitFor();
    await feed.locator('[data-kind="highlight"]').getByText('Eagle', { exact: true }).waitFor();
    await homeFeed.getByText(sharedText).waitFor({ timeout: 10_000 });
    await feed.waitForLoadState('networkidle');
    await screenshots(feed, 'feed-round');
    await expectAccessible(feed, 'feed with a round');
    await screenshots(home, 'feed-home');
    await expectAccessible(home, 'home with the feed');

    // After a reload the round screen still knows it is shared (the round view's `shared`).
    await roundPage.reload();
    await share.getByRole('button', { name: 'Fjern fra feeden' }).click();
    await share.getByText('Ikke delt').waitFor();
    await expect.poll(() => feed.getByText(sharedText).count(), { timeout: 10_000 }).toBe(0);
    await expect.poll(() => feed.locator('[data-kind="highlight"]').count(), { timeout: 10_000 }).toBe(0);
    await expect.poll(() => homeFeed.getByText(sharedText).count(), { timeout: 10_000 }).toBe(0);

    // A participant sees the state, without the buttons.
    const asParticipant = await watcher.newPage();
    await asParticipant.goto(`${app.url}/runder/${round.id}`);
    await asParticipant.getByTestId('share-round').getByText('Ikke delt').waitFor();
    expect(await asParticipant.getByRole('button', { name: 'Del i feeden' }).count()).toBe(0);

    expect(homeErrors).toEqual([]);
    expect(feedErrors).toEqual([]);
    expect(roundErrors).toEqual([]);
    await Promise.all([watcher.close(), anonymous.close(), ownerContext.close()]);
  });

  it('the podium of a finished tournament keeps the headings of the page in order: no level is skipped', async () => {
    const fx = await draftTournament(app.deps, { name: 'Pallcupen' });
    await moveTo(app.deps, fx, 'in_progress');
    for (const [i, p] of fx.players.entries()) {
      await writeScores(
        app.deps.db,
        fx,
        p.entryId,
        1,
        Array.from({ length: 18 }, () => 4 + (i % 3)),
      );
    }
    await moveTo(app.deps, fx, 'finished');
    const context = await newPhoneContext(browser);
    const page = await context.newPage();
    await page.goto(`${app.url}/feed`);
    await page.getByText('Pallcupen er ferdigspilt', { exact: false }).first().waitFor();
    await page.locator('.feed-podium').first().waitFor();
    // A screen reader's heading list: each level at most one below the one before it.
    const levels = await page.evaluate(() =>
      [...document.querySelectorAll('h1, h2, h3, h4, h5, h6')].map((h) => Number(h.tagName.slice(1))),
    );
    const skipped = levels.filter((level, i) => i > 0 && level > levels[i - 1]! + 1);
    expect({ levels, skipped }).toEqual({ levels, skipped: [] });
    await screenshots(page, 'feed-podium');
    await context.close();
  });
});
