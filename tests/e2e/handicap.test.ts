import type { Browser } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { UserRow } from '../../server/auth/users';
import { seedDemoCoursesIfEmpty } from '../../server/courses/seed';
import { formatHandicapIndex } from '../../client/src/lib/handicap';
import { callerAs } from '../helpers/caller';
import { createUser } from '../helpers/factories';
import { demoCourse } from '../rounds/helpers';
import { screenshots, VIEWPORTS, type AppUnderTest } from './harness';
import { signedInContext, useAppAndBrowser, watchErrors } from './support';

/**
 * The handicap record in the browser (decision 0419): a co-player attests a finished card on the round
 * screen, the card shows each player's target, and the player reads the record on its own screen, the
 * index over time drawn as a chart, and chooses to play off the calculated index.
 */
describe('the handicap record on a phone', () => {
  let app: AppUnderTest;
  let browser: Browser;
  useAppAndBrowser((started) => ({ app, browser } = started));
  beforeAll(() => seedDemoCoursesIfEmpty(app.deps));

  /**
   * A finished 18-hole stroke round on Bogstad from the yellow men's tee that `owner` set up, with
   * `partner` as an account on a side of their own; every hole scored for both by `strokes`.
   */
  async function finishedRound(
    owner: UserRow,
    partner: UserRow,
    playedOn: string,
    strokes: (par: number, hole: number) => { owner: number; partner: number },
  ) {
    const { course, teeId } = await demoCourse(app.deps, 'oslo-gk', 'Bogstad', 'Gul', 'male');
    const { caller } = await callerAs(app.deps, owner);
    const round = await caller.rounds.create({ courseId: course.id, teeId, playedOn, format: 'stroke', holes: '18' });
    const a = await caller.rounds.addSide({ roundId: round.id, name: owner.name! });
    const b = await caller.rounds.addSide({ roundId: round.id, name: partner.name! });
    const ownerCard = await caller.rounds.addParticipant({ roundId: round.id, sideId: a.id, userId: owner.id });
    const partnerCard = await caller.rounds.addParticipant({ roundId: round.id, sideId: b.id, userId: partner.id });
    for (const hole of course.holes) {
      const s = strokes(hole.par, hole.number);
      await caller.rounds.setScore({
        roundId: round.id,
        participantId: ownerCard.id,
        hole: hole.number,
        strokes: s.owner,
      });
      await caller.rounds.setScore({
        roundId: round.id,
        participantId: partnerCard.id,
        hole: hole.number,
        strokes: s.partner,
      });
    }
    const view = await caller.rounds.finish({ roundId: round.id });
    return { round: view, ownerCard, partnerCard };
  }

  it('lets a co-player attest a finished card, and shows the player the record, the chart and the choice of index', async () => {
    const hanne = await createUser(app.deps.db, { name: 'Hanne Handicap', handicapIndex: 18.0 });
    const markus = await createUser(app.deps.db, { name: 'Markus Markør', handicapIndex: 12.0 });
    const asHanne = (await callerAs(app.deps, hanne)).caller;
    const asMarkus = (await callerAs(app.deps, markus)).caller;

    // Four earlier rounds, attested by Markus through the API: Hanne plays a little better each week.
    const earlier = [
      { date: '2026-05-02', over: (hole: number) => 1 + (hole % 2) },
      { date: '2026-05-09', over: (hole: number) => 1 + (hole % 3 === 0 ? 1 : 0) },
      { date: '2026-05-16', over: (hole: number) => (hole % 2 === 0 ? 1 : 2) },
      { date: '2026-05-23', over: (hole: number) => (hole % 4 === 0 ? 0 : 1) },
    ];
    for (const { date, over } of earlier) {
      const { round, ownerCard } = await finishedRound(hanne, markus, date, (par, hole) => ({
        owner: par + over(hole),
        partner: par + (hole % 3 === 0 ? 1 : 0),
      }));
      await asMarkus.rounds.attest({ roundId: round.id, participantId: ownerCard.id });
    }
    // The latest round, attested on Markus's phone.
    const { round, ownerCard, partnerCard } = await finishedRound(hanne, markus, '2026-05-30', (par, hole) => ({
      owner: par + (hole % 3 === 0 ? 0 : 1),
      partner: par,
    }));

    const markusContext = await signedInContext(browser, app, markus);
    const page = await markusContext.newPage();
    await page.setViewportSize(VIEWPORTS.phone);
    const errors = watchErrors(page);
    await page.goto(`${app.url}/runder/${round.id}`);
    const attestCard = page.getByTestId('attest');
    await attestCard.waitFor();

    // The card's target for each player: the par of the holes played plus the whole course handicap.
    const par = round.card.reduce((sum, h) => sum + h.par, 0);
    const players = round.sides.flatMap((s) => s.participants);
    const hanneCard = players.find((p) => p.id === ownerCard.id)!;
    const markusCard = players.find((p) => p.id === partnerCard.id)!;
    expect(await page.getByTestId('target').locator('th, td').allTextContents()).toEqual([
      'Mål',
      String(par + hanneCard.courseHandicap),
      String(par + markusCard.courseHandicap),
    ]);

    // Markus attests Hanne's card; his own waits for her.
    const hanneRow = attestCard.getByTestId('attest-row').filter({ hasText: 'Hanne Handicap' });
    const markusRow = attestCard.getByTestId('attest-row').filter({ hasText: 'Markus Markør' });
    expect(await markusRow.textContent()).toContain('Ikke attestert ennå');
    const button = hanneRow.getByRole('button', { name: 'Attester kortet til Hanne Handicap' });
    expect(await button.textContent()).toBe('Attester kortet');
    const box = (await button.boundingBox())!;
    expect(box.height).toBeGreaterThanOrEqual(48);
    await attestCard.scrollIntoViewIfNeeded();
    await screenshots(page, 'handicap-round-to-attest');
    await button.click();
    await hanneRow.getByTestId('attested-by').filter({ hasText: 'Attestert av Markus Markør' }).waitFor();
    const record = await asHanne.handicap.record();
    const latest = record.scores.find((s) => s.round?.id === round.id)!;
    expect(latest.attestedBy.name).toBe('Markus Markør');
    // The attester sees no differential of another player's score: it would give away the tee's rating.
    expect(await hanneRow.getByTestId('attest-differential').count()).toBe(0);
    // The attester may take it back within 24 hours; the button is there, not pressed.
    await hanneRow.getByRole('button', { name: /Trekk tilbake/ }).waitFor();
    await attestCard.scrollIntoViewIfNeeded();
    await screenshots(page, 'handicap-round-attested');
    expect(errors).toEqual([]);
    await markusContext.close();

    // Hanne: five scores, an index calculated from them, a history of it.
    expect(record.scores).toHaveLength(5);
    expect(record.calculatedIndex).not.toBeNull();
    expect(record.history.length).toBeGreaterThanOrEqual(2);
    expect(record.playsWith).toBe('entered');

    const hanneContext = await signedInContext(browser, app, hanne);
    const mine = await hanneContext.newPage();
    await mine.setViewportSize(VIEWPORTS.phone);
    const myErrors = watchErrors(mine);
    await mine.goto(`${app.url}/konto`);
    const link = mine.getByRole('link', { name: 'Handicap', exact: true });
    // Beside the index field of the profile.
    await link.waitFor();
    const profile = mine.locator('form', { has: mine.getByLabel('Handicapindeks') });
    expect(await profile.getByRole('link', { name: 'Handicap', exact: true }).count()).toBe(1);
    await screenshots(mine, 'handicap-account-link');
    await link.click();
    await mine.getByRole('heading', { name: 'Handicap', level: 1 }).waitFor();
    expect(new URL(mine.url()).pathname).toBe('/konto/handicap');

    const calculated = formatHandicapIndex(record.calculatedIndex, 'nb');
    expect(await mine.getByTestId('index-played-off').textContent()).toBe('18,0');
    expect(await mine.getByTestId('calculated-index').textContent()).toContain(calculated);
    expect(await mine.getByTestId('pcc').textContent()).toMatch(/^PCC er alltid 0: .*spilleforhold/);
    expect(await mine.getByRole('radio', { name: /Innskrevet/ }).isChecked()).toBe(true);

    // The chart: an SVG drawn by the app as wide as its card, with its text alternative.
    const chart = mine.getByTestId('index-chart');
    const svg = chart.locator('svg');
    await svg.waitFor();
    const svgBox = (await svg.boundingBox())!;
    const cardBox = (await chart.boundingBox())!;
    expect(Math.abs(svgBox.width - cardBox.width)).toBeLessThanOrEqual(2);
    expect(await svg.locator('path.hcp-line').count()).toBe(1);
    expect(await svg.locator('circle.hcp-point:not(.last)').count()).toBe(record.history.length);
    const first = record.history[0]!;
    const last = record.history[record.history.length - 1]!;
    expect(await chart.locator('figcaption').textContent()).toMatch(
      new RegExp(`^Beregnet indeks fra ${formatHandicapIndex(first.index)} .* til ${formatHandicapIndex(last.index)} `),
    );
    // Every point in a table for screen readers.
    expect(await chart.getByRole('table').locator('tbody tr').count()).toBe(record.history.length);

    // The scores, newest first, each linking to its round; the counting ones marked.
    const items = mine.getByRole('list', { name: 'Scorene i handicapregisteret' }).getByTestId('handicap-score');
    expect(await items.count()).toBe(5);
    const firstItem = items.first();
    expect(await firstItem.textContent()).toContain('30. mai 2026');
    expect(await firstItem.textContent()).toContain('Attestert av Markus Markør');
    expect(await firstItem.getByRole('link').getAttribute('href')).toBe(`/runder/${round.id}`);
    expect(await firstItem.getByTestId('differential').textContent()).toBe(formatHandicapIndex(latest.differential));
    const counting = record.scores.filter((s) => s.counting).length;
    expect(counting).toBeGreaterThan(0);
    expect(await mine.getByTestId('counting').count()).toBe(counting);
    expect(await mine.locator('[data-testid="handicap-score"][data-counting="true"]').count()).toBe(counting);
    await screenshots(mine, 'handicap-record');

    // Play off the calculated index: saved, and still chosen after a reload.
    await mine.getByRole('radio', { name: /Beregnet/ }).check();
    await mine.getByText(`Lagret. Du spiller nå på ${calculated}.`).waitFor();
    expect(await mine.getByTestId('index-played-off').textContent()).toBe(calculated);
    expect((await asHanne.handicap.record()).playsWith).toBe('calculated');
    await mine.reload();
    await mine.getByTestId('index-played-off').filter({ hasText: calculated }).waitFor();
    expect(await mine.getByRole('radio', { name: /Beregnet/ }).isChecked()).toBe(true);
    expect(await mine.getByText('Indeksen beregnet fra scorene dine').count()).toBe(1);
    await screenshots(mine, 'handicap-plays-calculated');

    // Her own round shows who attested it, and leads to the record.
    await mine.goto(`${app.url}/runder/${round.id}`);
    const own = mine.getByTestId('attest-row').filter({ hasText: 'Hanne Handicap' });
    await own.getByTestId('attested-by').filter({ hasText: 'Attestert av Markus Markør' }).waitFor();
    // Her own differential, from her record.
    await own
      .getByTestId('attest-differential')
      .filter({ hasText: `Differanse ${formatHandicapIndex(latest.differential, 'nb')}` })
      .waitFor();
    expect(await own.getByRole('button').count()).toBe(0);
    expect(await own.getByRole('link', { name: 'Se handicapet ditt' }).getAttribute('href')).toBe('/konto/handicap');

    // In English: the same record in golfers' English words, the index with a decimal point.
    await asHanne.account.setLanguage({ language: 'en' });
    await mine.goto(`${app.url}/konto/handicap`);
    await mine.getByText('You play off').waitFor();
    expect(await mine.getByTestId('index-played-off').textContent()).toBe(
      formatHandicapIndex(record.calculatedIndex, 'en'),
    );
    expect(await mine.getByTestId('pcc').textContent()).toMatch(/^PCC is always 0: .*playing conditions/);
    expect(await mine.getByTestId('chart-caption').textContent()).toMatch(/^Calculated index from /);
    expect(await mine.getByTestId('counting').first().textContent()).toBe('Counts');
    await screenshots(mine, 'handicap-record-en');
    await mine.goto(`${app.url}/runder/${round.id}`);
    await mine.getByText('Attested by Markus Markør').waitFor();
    expect(await mine.getByTestId('target').locator('th').textContent()).toBe('Target');
    expect(myErrors).toEqual([]);
    await hanneContext.close();
  });

  it('explains to a player without scores how a score gets into the record', async () => {
    const newcomer = await createUser(app.deps.db, { name: 'Nina Ny', handicapIndex: 36.0 });
    const context = await signedInContext(browser, app, newcomer);
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto(`${app.url}/konto/handicap`);
    await page.getByText('Ingen scorer ennå').waitFor();
    expect(await page.getByText(/attesterer en medspiller med konto kortet ditt/).count()).toBe(1);
    expect(await page.getByTestId('index-played-off').textContent()).toBe('36,0');
    expect(await page.getByTestId('chart-none').count()).toBe(1);
    expect(await page.getByTestId('low-index').count()).toBe(0);
    await screenshots(page, 'handicap-empty');
    expect(errors).toEqual([]);
    await context.close();
  });
});
