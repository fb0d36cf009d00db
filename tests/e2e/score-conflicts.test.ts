import type { Browser, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { callerAs } from '../helpers/caller';
import { createUser } from '../helpers/factories';
import { demoCourse } from '../rounds/helpers';
import { screenshots, type AppUnderTest } from './harness';
import { useAppAndBrowser, watchErrors, signedInContext } from './support';

const WAITING = /slag venter på å bli lagret/;
const isSetScore = (url: URL) => url.pathname.startsWith('/trpc/') && url.pathname.includes('rounds.setScore');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Two phones on one round (the defects of decision 0504): the owner's and the partner's, each its own browser
 * context, as two golfers scoring the same group would be.
 */
describe('two phones scoring the same round in a real browser', () => {
  let app: AppUnderTest;
  let browser: Browser;
  useAppAndBrowser((started) => ({ app, browser } = started));

  let courseId: string;
  let teeId: string;
  beforeAll(async () => {
    ({
      course: { id: courseId },
      teeId,
    } = await demoCourse(app.deps, 'oslo-gk', 'Bogstad'));
  });

  const phone = (user: { id: string; sessionVersion: number }) => signedInContext(browser, app, user);

  /** A stroke round of the owner, the partner and a guest, each on a side of their own, opened on both phones. */
  async function roundOnTwoPhones(hole: number) {
    const owner = await createUser(app.deps.db, { name: 'Eier Erik', handicapIndex: 12 });
    const partner = await createUser(app.deps.db, { name: 'Partner Pål', handicapIndex: 20 });
    const asOwner = (await callerAs(app.deps, owner)).caller;
    const asPartner = (await callerAs(app.deps, partner)).caller;
    const round = await asOwner.rounds.create({
      courseId,
      teeId,
      playedOn: '2026-06-10',
      format: 'stroke',
      holes: '18',
    });
    const ids: Record<string, string> = {};
    for (const [name, who] of [
      ['Eier Erik', { userId: owner.id }],
      ['Partner Pål', { userId: partner.id }],
      ['Gunn Gjest', { guest: { name: 'Gunn Gjest', handicapIndex: 30 } }],
    ] as const) {
      const side = await asOwner.rounds.addSide({ roundId: round.id, name });
      ids[name] = (await asOwner.rounds.addParticipant({ roundId: round.id, sideId: side.id, ...who })).id;
    }
    const par = round.card.find((c) => c.hole === hole)!.par;
    const contexts = [await phone(owner), await phone(partner)];
    const [a, b] = await Promise.all(contexts.map((c) => c.newPage()));
    const errors = [...watchErrors(a!), ...watchErrors(b!)];
    for (const page of [a!, b!]) {
      await page.goto(`${app.url}/runder/${round.id}?hull=${hole}`);
      await page.getByTestId('connection').filter({ hasText: 'Direkte' }).waitFor();
    }
    const strokesOnServer = async (name: string, h = hole) =>
      (await asOwner.rounds.get({ roundId: round.id })).sides
        .flatMap((s) => s.participants)
        .find((p) => p.name === name)!
        .holes.find((x) => x.hole === h)!.strokes;
    return {
      roundId: round.id,
      ids,
      par,
      a: a!,
      b: b!,
      errors,
      asOwner,
      asPartner,
      strokesOnServer,
      close: () => Promise.all(contexts.map((c) => c.close())),
    };
  }

  const plus = (page: Page, name: string) => page.getByRole('button', { name: `Ett slag mer for ${name}` });
  const cell = (page: Page, name: string, hole: number) => page.getByLabel(`Slag for ${name} på hull ${hole}`);

  it('two players tapped within 100 ms are both saved, and a co-player’s correction a moment later stands', async () => {
    const r = await roundOnTwoPhones(1);
    // The owner's answers take 400 ms, so both taps are on the way at once (as on a slow course network).
    await r.a.route(isSetScore, async (route) => {
      await sleep(400);
      await route.continue();
    });
    await plus(r.a, 'Gunn Gjest').click();
    await plus(r.a, 'Partner Pål').click();
    await expect.poll(() => r.strokesOnServer('Gunn Gjest')).toBe(r.par);
    await expect.poll(() => r.strokesOnServer('Partner Pål')).toBe(r.par);
    await r.a.unroute(isSetScore);

    // The partner's phone sees the owner's score, and corrects the guest's.
    await expect.poll(() => cell(r.b, 'Gunn Gjest', 1).inputValue()).toBe(String(r.par));
    await cell(r.b, 'Gunn Gjest', 1).fill(String(r.par + 2));
    await cell(r.b, 'Gunn Gjest', 1).press('Enter');
    await expect.poll(() => r.strokesOnServer('Gunn Gjest')).toBe(r.par + 2);

    // Longer than the owner's phone's retry interval: nothing of it was left to re-send over the correction.
    await sleep(7_000);
    expect(await r.strokesOnServer('Gunn Gjest')).toBe(r.par + 2);
    await expect.poll(() => cell(r.a, 'Gunn Gjest', 1).inputValue()).toBe(String(r.par + 2));
    expect(await r.a.getByText(WAITING).count()).toBe(0);
    expect(r.errors).toEqual([]);
    await r.close();
  });

  it('retries an unsent score every few seconds while live updates keep arriving faster than that', async () => {
    const r = await roundOnTwoPhones(1);
    await r.a.route(isSetScore, (route) => route.abort('internetdisconnected'));
    await plus(r.a, 'Eier Erik').click();
    await r.a.getByText(WAITING).waitFor();

    // The partner scores his own hole 2 every 800 ms: each one re-renders the owner's screen.
    let updating = true;
    const updates = (async () => {
      for (let i = 0; updating; i++) {
        await r.asPartner.rounds.setScore({
          roundId: r.roundId,
          participantId: r.ids['Partner Pål']!,
          hole: 2,
          strokes: 4 + (i % 3),
        });
        await sleep(800);
      }
    })();
    try {
      await sleep(1_500);
      await r.a.unroute(isSetScore);
      await expect.poll(() => r.strokesOnServer('Eier Erik'), { timeout: 15_000 }).toBe(r.par);
      await expect.poll(() => r.a.getByText(WAITING).count(), { timeout: 5_000 }).toBe(0);
    } finally {
      updating = false;
      await updates;
    }
    expect(r.errors).toEqual([]);
    await r.close();
  });

  it('shows a conflict, with the newer value, when another phone changed the score before this one’s got through', async () => {
    const r = await roundOnTwoPhones(3);
    await r.a.route(isSetScore, (route) => route.abort('internetdisconnected'));
    await plus(r.a, 'Gunn Gjest').click();
    await r.a.getByText(WAITING).waitFor();

    await plus(r.b, 'Gunn Gjest').click();
    await plus(r.b, 'Gunn Gjest').click();
    await expect.poll(() => r.strokesOnServer('Gunn Gjest')).toBe(r.par + 1);

    await r.a.unroute(isSetScore);
    const notice = r.a.getByTestId('score-conflicts');
    await notice.waitFor({ timeout: 15_000 });
    expect(await notice.textContent()).toContain(
      `Gunn Gjest, hull 3: en annen telefon førte ${r.par + 1} slag før din endring kom fram, så ${r.par} slag ble ikke lagret.`,
    );
    await expect.poll(() => cell(r.a, 'Gunn Gjest', 3).inputValue()).toBe(String(r.par + 1));
    expect(await r.strokesOnServer('Gunn Gjest')).toBe(r.par + 1);
    expect(await r.a.getByText(WAITING).count()).toBe(0);
    await screenshots(r.a, 'scorecard-conflict');

    // The player decides the newer value was wrong and enters theirs again: it is saved, the notice goes.
    await cell(r.a, 'Gunn Gjest', 3).fill(String(r.par));
    await cell(r.a, 'Gunn Gjest', 3).press('Enter');
    await expect.poll(() => r.strokesOnServer('Gunn Gjest')).toBe(r.par);
    expect(await notice.count()).toBe(0);
    await expect.poll(() => cell(r.b, 'Gunn Gjest', 3).inputValue()).toBe(String(r.par));
    expect(r.errors).toEqual([]);
    await r.close();
  });
});
