import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { Browser } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { tournamentEntry } from '../../server/db/schema';
import { createTournamentFixture, type TournamentFixture, writeScores } from '../helpers/tournaments';
import { recordScore } from '../tournaments/live-support';
import { newPhoneContext, screenshots, VIEWPORTS, type AppUnderTest } from './harness';
import { useAppAndBrowser, watchConsole } from './support';

/**
 * Decision 0512: the public page arrives as HTML with its leaderboard, readable with JavaScript off; with
 * JavaScript the app takes the same markup over (hydrates it: the elements stay, nothing moves) and the
 * board goes live, each player once.
 */
const HOSTILE = '</script><img src=x onerror="window.hacked=1">';

describe('the public page as HTML from the server', () => {
  let app: AppUnderTest;
  let browser: Browser;
  useAppAndBrowser((started) => ({ app, browser } = started));

  async function tournamentWithScores(name: string): Promise<TournamentFixture> {
    const f = await createTournamentFixture(app.deps.db, { name, players: 6 });
    await app.deps.db
      .update(tournamentEntry)
      .set({ name: HOSTILE })
      .where(eq(tournamentEntry.id, f.players[4]!.entryId));
    for (const [i, p] of f.players.slice(0, 3).entries()) {
      await writeScores(
        app.deps.db,
        f,
        p.entryId,
        1,
        f.holes.map((h, n) => (n < 6 ? h.par + i - 1 : null)),
      );
    }
    return f;
  }

  it('shows the leaderboard with JavaScript turned off, a hostile name as plain text', async () => {
    const f = await tournamentWithScores('Uten Skript Cup');
    const context = await newPhoneContext(browser, { javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${app.url}/t/${f.slug}`);
    await page.getByRole('heading', { name: 'Uten Skript Cup' }).waitFor();
    const rows = page.getByTestId('leaderboard-row');
    expect(await rows.count()).toBe(6);
    // The leader (two under after six holes) on top, to par with a real minus sign.
    expect(await rows.first().textContent()).toContain('Spiller 01');
    expect(await rows.first().textContent()).toMatch(/\u2212\d/);
    expect(await page.getByTestId('leaderboard').getByText(HOSTILE).count()).toBe(1);
    expect(await page.locator('img').count()).toBe(0);
    expect(await page.getByText('Startliste').count()).toBeGreaterThan(0);
    // A long name wraps in its column: each row's figures (place, name, to par, holes, handicap) are on a
    // 390-px screen, not scrolled off it.
    const shown = await rows.evaluateAll((found) =>
      found.map((row) => {
        const boxes = [...row.children].map((cell) => cell.getBoundingClientRect()).filter((box) => box.width > 0);
        return { cells: boxes.length, right: Math.max(...boxes.map((box) => box.right)) };
      }),
    );
    for (const row of shown) {
      expect(row.cells).toBe(5);
      expect(row.right).toBeLessThanOrEqual(VIEWPORTS.phone.width);
    }
    // No script ran, so the picture is taken as it is: what a phone shows before the app's JavaScript.
    for (const [label, size] of Object.entries(VIEWPORTS)) {
      await page.setViewportSize(size);
      await page.screenshot({
        path: path.resolve(`test-results/screenshots/public-without-javascript-${label}.png`),
        fullPage: true,
      });
    }
    await context.close();
  });

  it('is taken over by the app without moving, goes live, and shows a new score with each player once', async () => {
    const f = await tournamentWithScores('Direkte Fra Start');
    const context = await newPhoneContext(browser);
    const page = await context.newPage();
    const errors = watchConsole(page);
    // Before any of the app's code: the server's heading, to compare with the one after the app took over,
    // and every layout shift from the first paint on.
    await page.addInitScript(() => {
      const w = window as unknown as { shifts: number; serversHeading?: Element | null };
      w.shifts = 0;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[]) {
          if (!entry.hadRecentInput) w.shifts += entry.value;
        }
      }).observe({ type: 'layout-shift', buffered: true });
      document.addEventListener('DOMContentLoaded', () => {
        w.serversHeading = document.querySelector('h1');
      });
    });
    await page.goto(`${app.url}/t/${f.slug}`);
    await page.getByTestId('connection').getByText('Direkte').waitFor();
    const rows = page.getByTestId('leaderboard-row');
    expect(await rows.count()).toBe(6);

    const last = f.players[5]!;
    await recordScore(app.deps, f, { entryId: last.entryId, round: 1, hole: 1, strokes: 1 });
    const moved = page.locator(`[data-testid="leaderboard-row"][data-entry="${last.entryId}"]`);
    await expect.poll(() => moved.locator('td').nth(3).textContent(), { timeout: 10_000 }).toBe('1');
    const entries = await rows.evaluateAll((found) => found.map((row) => row.getAttribute('data-entry')));
    expect(entries).toHaveLength(6);
    expect(new Set(entries).size).toBe(6);

    const after = await page.evaluate(() => {
      const w = window as unknown as { shifts: number; serversHeading?: Element | null; hacked?: number };
      return {
        sameHeading: w.serversHeading !== undefined && w.serversHeading === document.querySelector('h1'),
        shifts: w.shifts,
        hacked: w.hacked,
      };
    });
    // Hydrated, not drawn again: the element the server sent is the one on the screen.
    expect(after.sameHeading).toBe(true);
    expect(after.shifts).toBeLessThan(0.1);
    expect(after.hacked).toBeUndefined();
    expect(await page.getByTestId('leaderboard').getByText(HOSTILE).count()).toBe(1);
    await screenshots(page, 'public-hydrated');
    // A hydration that did not match would have said so here.
    expect(errors).toEqual([]);
    await context.close();
  });
});
