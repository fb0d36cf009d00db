import type { Browser } from 'playwright-core';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { appUser, tournamentGroup, tournamentRound } from '../../server/db/schema';
import { createTournamentFixture, writeScores, type TournamentFixture } from '../helpers/tournaments';
import { newPhoneContext, screenshots, VIEWPORTS, type AppUnderTest } from './harness';
import { signedInContext, useAppAndBrowser, watchConsole } from './support';

/**
 * Stableford as a club's card and result list show it: points beside every score with Ut and Inn sums,
 * the playing handicap on the public leaderboard with out and in, and a finished tournament that says so.
 */
describe('Stableford points on the cards and the public leaderboard', () => {
  let app: AppUnderTest;
  let browser: Browser;
  useAppAndBrowser((started) => ({ app, browser } = started));

  /** A finished Stableford tournament: the first two played all 18 in par and bogeys, the third nine holes. */
  async function finishedStableford(name: string): Promise<TournamentFixture> {
    const f = await createTournamentFixture(app.deps.db, {
      name,
      format: 'stableford',
      status: 'finished',
      players: 3,
    });
    await writeScores(
      app.deps.db,
      f,
      f.players[0]!.entryId,
      1,
      f.holes.map((h) => h.par),
    );
    await writeScores(
      app.deps.db,
      f,
      f.players[1]!.entryId,
      1,
      f.holes.map((h) => h.par + (h.number % 3 === 0 ? 1 : 0)),
    );
    await writeScores(
      app.deps.db,
      f,
      f.players[2]!.entryId,
      1,
      f.holes.map((h) => (h.number <= 9 ? h.par + 1 : null)),
    );
    return f;
  }

  /** The leaderboard row as the service answers it, to hold the screen to. */
  async function rowOf(f: TournamentFixture, entryId: string) {
    const res = await fetch(`${app.url}/public/tournaments/${f.slug}/leaderboard`);
    const board = (await res.json()) as { divisions: { rows: Record<string, unknown>[] }[] };
    return board.divisions[0]!.rows.find((r) => r.entryId === entryId)! as {
      points: number;
      playingHandicap: number;
      out: number | null;
      in: number | null;
    };
  }

  it('a spectator reads the playing handicap, out and in, and the points per hole of a finished tournament', async () => {
    const f = await finishedStableford('Poengcupen');
    const first = f.players[0]!;
    const row = await rowOf(f, first.entryId);
    expect(row.out! + row.in!).toBe(row.points);

    const context = await newPhoneContext(browser);
    const page = await context.newPage();
    const errors = watchConsole(page);
    await page.goto(`${app.url}/t/${f.slug}`);
    await page.getByRole('heading', { name: 'Poengcupen' }).waitFor();
    // Finished: the results stand, and the page says so instead of a live dot.
    await page.getByTestId('connection').filter({ hasText: 'Ferdig' }).waitFor();
    const line = page.locator(`[data-testid="leaderboard-row"][data-entry="${first.entryId}"]`);
    expect(await line.getByTestId('leaderboard-handicap').textContent()).toBe(String(row.playingHandicap));
    // On the phone out and in wait in the card; on a wider screen they are columns of the board.
    expect(await line.getByTestId('leaderboard-out').isVisible()).toBe(false);
    await page.setViewportSize(VIEWPORTS.desktop);
    expect(await line.getByTestId('leaderboard-out').textContent()).toBe(String(row.out));
    expect(await line.getByTestId('leaderboard-in').textContent()).toBe(String(row.in));
    await page.setViewportSize(VIEWPORTS.phone);

    await line.getByRole('button', { name: 'Spiller 01' }).click();
    const card = page.getByLabel('Kortet til Spiller 01');
    await card
      .getByTestId('card-handicap')
      .filter({ hasText: `Spillehandicap ${row.playingHandicap}` })
      .waitFor();
    const points = card.getByTestId('points-row');
    expect(await points.count()).toBe(2);
    // Par on the hardest hole with a stroke received there is a net birdie: 3 points.
    const hardest = f.holes.find((h) => h.strokeIndex === 1)!;
    const column = hardest.number <= 9 ? 0 : 1;
    const cells = await points.nth(column).locator('td').allTextContents();
    expect(cells[(hardest.number - 1) % 9]).toBe(row.playingHandicap >= 1 ? '3' : '2');
    // Each nine's sum is the leaderboard's out and in.
    expect(cells[9]).toBe(String(column === 0 ? row.out : row.in));
    await screenshots(page, 'stableford-public');
    expect(errors).toEqual([]);
    await context.close();

    // The same page in English.
    const english = await newPhoneContext(browser, { locale: 'en-GB' });
    const en = await english.newPage();
    await en.goto(`${app.url}/t/${f.slug}`);
    await en.getByTestId('connection').filter({ hasText: 'Final' }).waitFor();
    await en
      .locator(`[data-testid="leaderboard-row"][data-entry="${first.entryId}"]`)
      .getByRole('button', { name: 'Spiller 01' })
      .click();
    await en
      .getByTestId('card-handicap')
      .filter({ hasText: `Playing handicap ${row.playingHandicap}` })
      .waitFor();
    await screenshots(en, 'stableford-public-en');
    await english.close();
  });

  it('a player’s whole card has the points of every hole, Ut and Inn, and the total the leaderboard has', async () => {
    const f = await finishedStableford('Poengcupen for spillere');
    const [me, mate] = f.players;
    const mine = await rowOf(f, me!.entryId);
    const theirs = await rowOf(f, mate!.entryId);
    // The club's page lists the finished tournament with its podium.
    const member = await signedInContext(browser, app, mate!.user);
    const club = await member.newPage();
    await club.goto(`${app.url}/klubber/${f.organizationId}`);
    const result = club.getByTestId('club-result').filter({ hasText: 'Poengcupen for spillere' });
    await result
      .getByText(`1. Spiller 01 ${mine.points} poeng · 2. Spiller 02 ${theirs.points} poeng · 3. Spiller 03`)
      .waitFor();
    await screenshots(club, 'club-results');
    await member.close();
    for (const [language, pointsWord, locale] of [
      ['nb', 'p', 'nb-NO'],
      ['en', 'pts', 'en-GB'],
    ] as const) {
      await app.deps.db.update(appUser).set({ language }).where(eq(appUser.id, me!.user.id));
      const context = await signedInContext(browser, app, me!.user, { locale });
      const page = await context.newPage();
      const errors = watchConsole(page);
      await page.goto(`${app.url}/klubber/${f.organizationId}/turneringer/${f.tournamentId}/kort`);
      const whole = page.getByTestId('scorecard');
      await whole.waitFor();
      // 18 holes and two nines for each player who played all of them, nine and one for the third.
      await expect.poll(() => whole.getByTestId('hole-points').count()).toBe(20 + 20 + 10);
      const totals = await whole.getByTestId('points-total').locator('td').allTextContents();
      expect(totals.slice(0, 2)).toEqual([String(mine.points), String(theirs.points)]);
      const out = await whole.getByTestId('subtotal-out').locator('td').allTextContents();
      expect(out[1]).toMatch(new RegExp(`, ?${mine.out}\\s${pointsWord}$`));
      await screenshots(page, `stableford-card-${language}`);
      expect(errors).toEqual([]);
      await context.close();
    }
  });
});

describe('a player’s own tournaments on the home screen, in English', () => {
  let app: AppUnderTest;
  let browser: Browser;
  useAppAndBrowser((started) => ({ app, browser } = started));

  it('shows today’s start with the partners and the card a tap away, and the tournament among the rounds', async () => {
    const f = await createTournamentFixture(app.deps.db, { name: 'Evening Cup', players: 4 });
    const today = new Date();
    const day = today.toISOString().slice(0, 10);
    await app.deps.db
      .update(tournamentRound)
      .set({ playedOn: day })
      .where(eq(tournamentRound.tournamentId, f.tournamentId));
    const startsAt = new Date(`${day}T07:30:00Z`);
    await app.deps.db.update(tournamentGroup).set({ startsAt }).where(eq(tournamentGroup.tournamentId, f.tournamentId));
    const me = f.players[0]!;
    await writeScores(
      app.deps.db,
      f,
      me.entryId,
      1,
      f.holes.map((h) => (h.number <= 9 ? h.par : null)),
    );
    await app.deps.db.update(appUser).set({ language: 'en' }).where(eq(appUser.id, me.user.id));

    const context = await signedInContext(browser, app, me.user, { locale: 'en-GB', timezoneId: 'Europe/Oslo' });
    const page = await context.newPage();
    const errors = watchConsole(page);
    await page.goto(`${app.url}/`);
    const next = page.getByTestId('next-start');
    await next.getByText('Evening Cup').waitFor();
    const time = startsAt.toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit', timeZone: 'Europe/Oslo' });
    await next
      .getByTestId('next-start-when')
      .filter({ hasText: `Today at ${time} from tee 1` })
      .waitFor();
    await next
      .getByTestId('next-start-partners')
      .filter({ hasText: 'With Spiller 02, Spiller 03 and Spiller 04' })
      .waitFor();
    await page
      .getByTestId('my-tournament')
      .getByText(/ after 9 holes$/)
      .waitFor();
    await screenshots(page, 'home-next-start-en');
    await next.getByRole('link', { name: 'Open the scorecard' }).click();
    await page.getByRole('heading', { name: 'Scorecard – Evening Cup' }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });
});
