import type { Browser, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { seedDemoCoursesIfEmpty } from '../../server/courses/seed';
import { callerAs } from '../helpers/caller';
import { createUser } from '../helpers/factories';
import { demoCourse } from '../rounds/helpers';
import { screenshots, VIEWPORTS, type AppUnderTest } from './harness';
import { expectAccessible, signedInContext, useAppAndBrowser, watchErrors } from './support';

/** The scorecard a golfer picks (decision 0508): marks, Ut/Inn, the hole bar, finishing, the list. */
describe('the scorecard on a phone', () => {
  let app: AppUnderTest;
  let browser: Browser;
  useAppAndBrowser((started) => ({ app, browser } = started));
  beforeAll(() => seedDemoCoursesIfEmpty(app.deps));

  /** An 18-hole stroke round on Bogstad from the red ladies' tee: the owner and a guest, a side each. */
  async function roundOnBogstad(ownerName: string) {
    const owner = await createUser(app.deps.db, { name: ownerName, handicapIndex: 18.0 });
    const { course, teeId } = await demoCourse(app.deps, 'oslo-gk', 'Bogstad', 'Rød', 'female');
    const { caller } = await callerAs(app.deps, owner);
    const round = await caller.rounds.create({
      courseId: course.id,
      teeId,
      playedOn: '2026-06-10',
      format: 'stroke',
      holes: '18',
    });
    const a = await caller.rounds.addSide({ roundId: round.id, name: ownerName });
    const b = await caller.rounds.addSide({ roundId: round.id, name: 'Gjest Gro' });
    const me = await caller.rounds.addParticipant({ roundId: round.id, sideId: a.id, userId: owner.id });
    const guest = await caller.rounds.addParticipant({
      roundId: round.id,
      sideId: b.id,
      guest: { name: 'Gjest Gro', handicapIndex: 30 },
    });
    const par = (hole: number) => course.holes.find((h) => h.number === hole)!.par;
    return { owner, caller, round, me, guest, par, course };
  }

  it('marks every score against par, sums Ut, Inn and the total, and moves hole by hole from the bottom bar', async () => {
    const { owner, caller, round, me, guest, par } = await roundOnBogstad('Kort Kari');
    // Kari: eagle, birdie, par, bogey, double bogey, triple bogey, then par to hole 9; the guest pars 1 to 9.
    const kari = [-2, -1, 0, 1, 2, 3, 0, 0, 0].map((d, i) => par(i + 1) + d);
    for (const [i, strokes] of kari.entries()) {
      await caller.rounds.setScore({ roundId: round.id, participantId: me.id, hole: i + 1, strokes });
      await caller.rounds.setScore({ roundId: round.id, participantId: guest.id, hole: i + 1, strokes: par(i + 1) });
    }
    await caller.rounds.setScore({ roundId: round.id, participantId: me.id, hole: 10, strokes: par(10) + 1 });

    const context = await signedInContext(browser, app, owner);
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto(`${app.url}/runder/${round.id}`);
    await page.getByTestId('connection').filter({ hasText: 'Direkte' }).waitFor();
    // It opens on the first hole someone has not scored: hole 10 (the guest has none there).
    expect(await page.getByTestId('hole-number').textContent()).toBe('Hull 10');

    // The marks: by their class (the shape) and by what a screen reader hears.
    const kariCell = (hole: number) => page.getByTestId(`score-${hole}`).first().locator('.mark');
    const expected = ['eagle', 'birdie', 'par', 'bogey', 'double', 'double'];
    for (const [i, mark] of expected.entries()) {
      expect(await kariCell(i + 1).getAttribute('class')).toBe(`mark mark-${mark}`);
    }
    expect(await kariCell(1).textContent()).toBe(`${kari[0]}, eagle`);
    expect(await kariCell(2).textContent()).toBe(`${kari[1]}, birdie`);
    expect(await kariCell(4).textContent()).toBe(`${kari[3]}, bogey`);
    expect(await kariCell(5).textContent()).toBe(`${kari[4]}, dobbel bogey`);
    expect(await kariCell(6).textContent()).toBe(`${kari[5]}, 3 over par`);
    // The stepper on the hole view carries the same mark: Kari's bogey on hole 10.
    const kariRow = page.getByTestId('player-score').filter({ hasText: 'Kort Kari' });
    expect(await kariRow.getByLabel('Slag for Kort Kari på hull 10').getAttribute('class')).toBe('mark-bogey');
    expect(await kariRow.getByTestId('mark-word').textContent()).toBe('bogey');

    // Ut, Inn and the total: Kari's and the guest's, and par's.
    const sum = (xs: number[]) => xs.reduce((t, x) => t + x, 0);
    const front = Array.from({ length: 9 }, (_, i) => par(i + 1));
    const back = Array.from({ length: 9 }, (_, i) => par(i + 10));
    const cells = async (testId: string) => page.getByTestId(testId).locator('th, td').allTextContents();
    expect(await cells('subtotal-out')).toEqual(['Ut', String(sum(front)), String(sum(kari)), String(sum(front))]);
    expect(await cells('subtotal-in')).toEqual(['Inn', String(sum(back)), String(par(10) + 1), '']);
    expect(await cells('total')).toEqual([
      'Totalt',
      String(sum(front) + sum(back)),
      String(sum(kari) + par(10) + 1),
      String(sum(front)),
    ]);
    // The running score of each row is short: strokes received here, then net to par.
    expect(await kariRow.getByTestId('running-totals').textContent()).toMatch(/^netto\s[+−±]\d+$/);

    // The hole bar is fixed at the bottom of the phone screen, above the main navigation.
    const bar = page.getByRole('navigation', { name: 'Hull' });
    const box = (await bar.boundingBox())!;
    expect(box.y).toBeGreaterThan(VIEWPORTS.phone.height - 150);
    expect(box.y + box.height).toBeLessThanOrEqual(VIEWPORTS.phone.height);
    expect(await bar.evaluate((el) => getComputedStyle(el).position)).toBe('fixed');
    await expectAccessible(page, 'hole view');
    await screenshots(page, 'scorecard-hole');
    // What the golfer sees without scrolling: the players on top, the hole bar under the thumb.
    await page.screenshot({ path: 'test-results/screenshots/scorecard-hole-viewport-phone.png' });

    await bar.getByRole('button', { name: 'Forrige hull' }).click();
    expect(await page.getByTestId('hole-number').textContent()).toBe('Hull 9');
    await bar.getByRole('button', { name: 'Neste hull' }).click();
    expect(await page.getByTestId('hole-number').textContent()).toBe('Hull 10');

    // Moving on by itself once everyone has a score on the hole: a choice, remembered after a reload.
    const auto = page.getByLabel('Gå til neste hull når alle har slag');
    expect(await auto.isChecked()).toBe(false);
    await auto.check();
    await page.reload();
    await page.getByTestId('connection').filter({ hasText: 'Direkte' }).waitFor();
    expect(await page.getByLabel('Gå til neste hull når alle har slag').isChecked()).toBe(true);
    const guestRow = page.getByTestId('player-score').filter({ hasText: 'Gjest Gro' });
    await guestRow.getByRole('button', { name: 'Ett slag mer for Gjest Gro' }).click();
    await expect.poll(() => page.getByTestId('hole-number').textContent(), { timeout: 10_000 }).toBe('Hull 11');
    // A hole not yet complete stays put.
    await kariRow.getByRole('button', { name: 'Ett slag mer for Kort Kari' }).click();
    await new Promise((r) => setTimeout(r, 2500));
    expect(await page.getByTestId('hole-number').textContent()).toBe('Hull 11');

    // Finishing with holes missing names them, per player, before it goes ahead.
    await page.getByRole('button', { name: 'Avslutt runden' }).click();
    const missing = page.getByTestId('missing-holes');
    await missing.waitFor();
    expect(await missing.locator('li').allTextContents()).toEqual([
      'Kort Kari: hullene 12–18',
      'Gjest Gro: hullene 11–18',
    ]);
    await page.getByRole('button', { name: 'Avslutt likevel' }).click();
    await page.getByRole('heading', { name: 'Resultat' }).waitFor();
    // The standings say how far each side got.
    expect(await page.getByTestId('standing').allTextContents()).toEqual([
      expect.stringMatching(/Kort Kari.*etter 11 hull/),
      expect.stringMatching(/Gjest Gro.*etter 10 hull/),
    ]);
    await page.getByTestId('scorecard').scrollIntoViewIfNeeded();
    await expectAccessible(page, 'full card');
    await screenshots(page, 'scorecard-card');

    // The round list: course, date, format and the result.
    await page.goto(`${app.url}/runder`);
    const item = page.getByRole('list', { name: 'Runder' }).getByRole('listitem').first();
    await item.getByTestId('round-result').waitFor();
    expect(await item.textContent()).toMatch(/Oslo Golfklubb – Bogstad.*10\. juni 2026 · Slagspill/);
    // Hole 10 a bogey (from the set-up), hole 11 the par of the first tap.
    const kariTotal = sum(kari) + par(10) + 1 + par(11);
    const kariPar = sum(front) + par(10) + par(11);
    const toPar = kariTotal - kariPar;
    expect(await item.getByTestId('round-result').textContent()).toBe(
      `${kariTotal} slag (${toPar > 0 ? '+' : toPar < 0 ? '−' : '±'}${Math.abs(toPar)}) etter 11 hull`,
    );
    await expectAccessible(page, 'round list');
    await screenshots(page, 'rounds-with-results');
    expect(errors).toEqual([]);
    await context.close();
  });

  it.each([3, 4])(
    'shows %i players with long names on a 390 px phone, each name wrapping at its spaces only',
    async (count) => {
      const names = ['Kari Nordmann', 'Kristoffer Haugen-Johansen', 'Solveig Bjørnstad', 'Per-Olav Kristiansen'];
      const owner = await createUser(app.deps.db, { name: names[0]!, handicapIndex: 18.0 });
      const { course, teeId } = await demoCourse(app.deps, 'oslo-gk', 'Bogstad', 'Gul', 'male');
      const { caller } = await callerAs(app.deps, owner);
      const round = await caller.rounds.create({
        courseId: course.id,
        teeId,
        playedOn: '2026-06-10',
        format: 'stroke',
        holes: '18',
      });
      for (const [i, name] of names.slice(0, count).entries()) {
        const side = await caller.rounds.addSide({ roundId: round.id, name });
        await caller.rounds.addParticipant(
          i === 0
            ? { roundId: round.id, sideId: side.id, userId: owner.id }
            : { roundId: round.id, sideId: side.id, guest: { name, handicapIndex: 20 + i } },
        );
      }
      const context = await signedInContext(browser, app, owner);
      const page = await context.newPage();
      await page.setViewportSize(VIEWPORTS.phone);
      await page.goto(`${app.url}/runder/${round.id}`);
      await page.getByTestId('scorecard').waitFor();
      // Every word of every name in the card's head is on one line: a line break falls only between words.
      const cut = await page.evaluate(() =>
        [...document.querySelectorAll('table.scorecard .player-col')].flatMap((cell) => {
          const text = cell.textContent ?? '';
          const broken: string[] = [];
          const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
          for (let t = walker.nextNode(); t; t = walker.nextNode()) {
            const value = t.textContent ?? '';
            for (const match of value.matchAll(/[^\s-]+/g)) {
              const range = document.createRange();
              range.setStart(t, match.index!);
              range.setEnd(t, match.index! + match[0].length);
              const lines = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
              if (lines.size > 1) broken.push(match[0]);
            }
          }
          return broken.length > 0 ? [`${text}: ${broken.join(', ')}`] : [];
        }),
      );
      expect(cut).toEqual([]);
      await screenshots(page, `scorecard-${count}-long-names`);
      await context.close();
    },
  );

  it('names tees by colour and gender, and chooses none unless the player chose it last time on the course', async () => {
    const { owner } = await roundOnBogstad('Tee Tove');
    const newcomer = await createUser(app.deps.db, { name: 'Ny Nils', handicapIndex: 25 });

    const teeStep = async (page: Page) => {
      await page.goto(`${app.url}/runder/ny`);
      await page.getByLabel('Klubb eller bane').fill('oslo golf');
      await page
        .getByRole('list', { name: 'Søkeresultater' })
        .getByRole('button', { name: /Oslo Golfklubb – Bogstad/ })
        .click();
      await page.getByTestId('chosen-course').getByText('Oslo Golfklubb – Bogstad').waitFor();
      await page.getByRole('button', { name: 'Neste' }).click();
      await page.getByRole('heading', { name: 'Ny runde: Tee, dato og spillform' }).waitFor();
      return page.getByRole('group', { name: 'Teested' });
    };

    const toveContext = await signedInContext(browser, app, owner);
    const tove = await toveContext.newPage();
    const errors = watchErrors(tove);
    const tees = await teeStep(tove);
    const labels = (await tees.locator('label').allTextContents()).map((t) => t.replace(/par.*$/, '').trim());
    expect(labels).toEqual(['Hvit (herre)', 'Gul (herre)', 'Rød (herre)', 'Rød (dame)', 'Blå (dame)']);
    // Tove's last round on Bogstad was from the red ladies' tee.
    expect(await tove.getByLabel(/^Rød \(dame\)/).isChecked()).toBe(true);
    expect(await tove.getByLabel(/^Rød \(herre\)/).isChecked()).toBe(false);
    await expectAccessible(tove, 'tee step');
    await screenshots(tove, 'wizard-tees');
    await toveContext.close();

    const nilsContext = await signedInContext(browser, app, newcomer);
    const nils = await nilsContext.newPage();
    errors.push(...watchErrors(nils));
    const nilsTees = await teeStep(nils);
    expect(await nilsTees.getByRole('radio', { checked: true }).count()).toBe(0);
    // "Neste" says it is not ready yet (aria-disabled), and a tap on it says why.
    const next = nils.getByRole('button', { name: 'Neste' });
    expect(await next.getAttribute('aria-disabled')).toBe('true');
    await next.click({ force: true });
    await nils.getByText('Velg teested.').waitFor();
    expect(errors).toEqual([]);
    await nilsContext.close();
  });

  it('fits the review step’s handicaps on a phone and explains the four-ball allowance', async () => {
    const user = await createUser(app.deps.db, { name: 'Firball Frida', handicapIndex: 14.2 });
    const context = await signedInContext(browser, app, user);
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto(`${app.url}/runder/ny`);
    await page.getByLabel('Klubb eller bane').fill('oslo golf');
    await page.getByRole('button', { name: /Oslo Golfklubb – Bogstad/ }).click();
    await page.getByRole('button', { name: 'Neste' }).click();
    await page.getByLabel(/^Gul \(herre\)/).check();
    await page.getByRole('button', { name: 'Neste' }).click();
    // Two on one side: four-ball, 85 %.
    await page.getByRole('button', { name: /Legg til meg selv/ }).click();
    await page.getByLabel('Gjestens navn').fill('Makker Mons');
    await page.getByLabel('Gjestens handicapindeks').fill('22,0');
    await page.getByLabel('Legg til', { exact: true }).selectOption({ label: 'På Firball Frida' });
    await page.getByRole('button', { name: /Legg til gjest/ }).click();
    await expect.poll(() => page.getByTestId('person').count()).toBe(2);
    await expect.poll(() => page.getByTestId('side').count()).toBe(1);
    await page.getByRole('button', { name: 'Opprett runden' }).click();
    await page.getByRole('heading', { name: 'Ny runde: Se over og start' }).waitFor();
    await page.getByTestId('playing-handicap').first().waitFor();
    expect(await page.getByTestId('allowance').textContent()).toMatch(
      /^Handicaptillegg 85 %: når to spiller på samme lag og lagets beste score teller på hvert hull \(firball\)/,
    );
    // The handicaps table, playing handicap included, fits the phone: nothing in it scrolls sideways.
    const table = page.getByTestId('review-side');
    const fits = await table.evaluate((el) => el.getBoundingClientRect().right <= window.innerWidth);
    expect(fits).toBe(true);
    expect(await page.getByTestId('playing-handicap').count()).toBe(2);
    await expectAccessible(page, 'review step');
    await screenshots(page, 'wizard-review-four-ball');
    expect(errors).toEqual([]);
    await context.close();
  });
});
