import type { Browser, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { seedDemoCoursesIfEmpty } from '../../server/courses/seed';
import { callerAs } from '../helpers/caller';
import { addMember, createOrganization, createUser } from '../helpers/factories';
import { demoCourseForTournament } from '../helpers/tournaments';
import { newPhoneContext, screenshots, type AppUnderTest } from './harness';
import { moveTournament, parOn, signedInContext, useAppAndBrowser, watchConsole } from './support';

/** A screen checked: pictures at both widths, axe, and 48 px targets on the phone (screenshots does all three). */
const shoot = (page: Page, name: string) => screenshots(page, `team-tournament-${name}`);

/**
 * Issue 31's browser test: a Texas scramble tournament played by two teams of two, set up through the admin
 * screens, each team's one ball scored from its players' phones at 390×844, while a spectator on the public
 * page sees the team rows, with their players, move.
 */
describe('a scramble tournament of two teams in a real browser', () => {
  let app: AppUnderTest;
  let browser: Browser;
  useAppAndBrowser((started) => ({ app, browser } = started));
  beforeAll(() => seedDemoCoursesIfEmpty(app.deps));

  const signedIn = (user: { id: string; sessionVersion: number }) => signedInContext(browser, app, user);

  it('an admin sets up a scramble, a member enters with a partner, the admin enters a team with a guest; both teams score one ball from their phones and a spectator follows', async () => {
    const org = await createOrganization(app.deps.db, 'Lagspill GK');
    const admin = await createUser(app.deps.db, { name: 'Anne Admin', handicapIndex: 20 });
    const mona = await createUser(app.deps.db, { name: 'Mona Hansen', handicapIndex: 18.4 });
    const per = await createUser(app.deps.db, { name: 'Per Berg', handicapIndex: 8.6 });
    const kari = await createUser(app.deps.db, { name: 'Kari Dahl', handicapIndex: 12.1 });
    await addMember(app.deps.db, org.id, admin.id, 'owner');
    for (const user of [mona, per, kari]) await addMember(app.deps.db, org.id, user.id, 'member');

    // ---- The admin: a new scramble for teams of two, on Bogstad. ----
    const adminContext = await signedIn(admin);
    const a = await adminContext.newPage();
    const adminErrors = watchConsole(a);
    await a.goto(`${app.url}/klubber/${org.id}/turneringer/ny`);
    await a.getByRole('heading', { name: 'Ny turnering' }).waitFor();
    await a.getByLabel('Navn', { exact: true }).fill('Lagscramble');
    // Every team format is offered, each with a line on its allowance.
    const formats = await a.getByLabel('Spilleform').locator('option').allTextContents();
    expect(formats).toEqual(
      expect.arrayContaining(['Bestball slagspill', 'Bestball Stableford', 'Foursome', 'Greensome', 'Texas scramble']),
    );
    await a.getByLabel('Spilleform').selectOption('foursomes');
    await a.getByText('Laget får 50 % av de to banehandicapene samlet.').waitFor();
    // A one-ball format has no allowance to choose; four-ball has one, 85 % when left empty.
    expect(await a.getByLabel('Handicapandel (%)').count()).toBe(0);
    await a.getByLabel('Spilleform').selectOption('fourball_stroke');
    await a.getByText('Tom: 85 % av hver spillers banehandicap (standard for bestball).').waitFor();
    expect(await a.getByLabel('Spillere per lag').count()).toBe(0);
    await a.getByLabel('Spilleform').selectOption('scramble');
    await a.getByText('Laget får 35 % av laveste + 15 % av høyeste banehandicap.', { exact: false }).waitFor();
    expect(await a.getByLabel('Spillere per lag').locator('option').allTextContents()).toEqual([
      '2 spillere',
      '4 spillere',
    ]);
    expect(await a.getByLabel('Handicapandel (%)').count()).toBe(0);
    await a.getByLabel('Spillere per lag').selectOption('4');
    await a.getByText('Laget får 25, 20, 15 og 10 % av banehandicapene', { exact: false }).waitFor();
    await a.getByLabel('Spillere per lag').selectOption('2');
    await a.getByLabel('Klubb eller bane').fill('oslo golf');
    await a.getByRole('button', { name: /Oslo Golfklubb – Bogstad/ }).click();
    await a.getByTestId('tournament-course').getByText('Oslo Golfklubb – Bogstad').waitFor();
    await a.getByLabel('Teested').selectOption({ index: 1 });
    await shoot(a, 'form');
    await a.getByRole('button', { name: 'Lagre utkastet' }).click();
    await a.getByRole('heading', { name: 'Lagscramble' }).waitFor();
    await a.getByTestId('tournament-format').filter({ hasText: 'Texas scramble · Lag på 2 spillere.' }).waitFor();
    const tournamentUrl = a.url();
    const tournamentId = new URL(tournamentUrl).pathname.split('/').pop()!;
    await moveTournament(a, 'Åpne for påmelding', 'Åpen for påmelding');

    // ---- Mona enters with Per as her partner, from her phone. ----
    const monaContext = await signedIn(mona);
    const m = await monaContext.newPage();
    const monaErrors = watchConsole(m);
    await m.goto(tournamentUrl);
    await m.getByTestId('partner-entry').waitFor();
    expect(await m.getByRole('button', { name: 'Meld meg på' }).count()).toBe(0);
    await m.getByLabel('Makker').fill('per');
    await m.getByRole('button', { name: /Spill med Per Berg/ }).click();
    await m.getByText('Uten navn: «Hansen / Berg».').waitFor();
    await shoot(m, 'partner-entry');
    await m.getByRole('button', { name: 'Meld oss på: meg og Per Berg' }).click();
    await m.getByTestId('my-team').filter({ hasText: 'Hansen / Berg' }).waitFor();
    await m.getByTestId('my-team').getByText('Per Berg').waitFor();

    // ---- The admin enters Kari with a guest, under a team name of their own. ----
    await a.reload();
    await a.getByTestId('admin-entry').filter({ hasText: 'Hansen / Berg' }).getByText('Mona Hansen').waitFor();
    const team = a.getByTestId('add-team');
    await team.getByLabel('Spiller 1: medlem').fill('kari');
    await team.getByRole('button', { name: /Velg Kari Dahl/ }).click();
    await team.getByTestId('team-slot-member').filter({ hasText: 'Kari Dahl' }).waitFor();
    await team.getByLabel('Spiller 2: gjestens navn').fill('Gunnar Lie');
    await team.getByLabel('Spiller 2: gjestens hcp').fill('24,3');
    await team.getByText('Uten navn: «Dahl / Lie».').waitFor();
    await team.getByLabel('Lagnavn (valgfritt)').fill('Lørdagsgjengen');
    await shoot(a, 'admin-team-entry');
    await team.getByRole('button', { name: 'Meld på laget' }).click();
    const entered = a.getByTestId('admin-entry').filter({ hasText: 'Lørdagsgjengen' });
    await entered.getByTestId('entry-players').getByText('Gunnar Lie (gjest)', { exact: false }).waitFor();
    await entered.getByText('Kari Dahl', { exact: false }).waitFor();

    // ---- Entries closed, one group of both teams (four players), play started. ----
    await moveTournament(a, 'Steng påmeldingen', 'Påmelding stengt');
    await a.getByTestId('teams-per-group').filter({ hasText: '2 lag per gruppe' }).waitFor();
    await a.getByLabel('Første start').fill('08:00');
    await a.getByRole('button', { name: 'Lag startliste etter handicap' }).click();
    await expect.poll(() => a.getByTestId('start-group').count()).toBe(1);
    await moveTournament(a, 'Start turneringen', 'Pågår');
    const slug = new URL(
      (await a.getByRole('link', { name: 'offentlig side' }).getAttribute('href'))!,
      app.url,
    ).pathname.split('/')[2]!;

    // ---- A spectator on the public page, not signed in. ----
    const spectatorContext = await newPhoneContext(browser);
    const s = await spectatorContext.newPage();
    const spectatorErrors = watchConsole(s);
    await s.goto(`${app.url}/t/${slug}`);
    await s.getByTestId('connection').filter({ hasText: 'Direkte' }).waitFor();
    const rowOf = (name: string) => s.getByTestId('leaderboard-row').filter({ hasText: name });
    await rowOf('Hansen / Berg')
      .getByTestId('leaderboard-players')
      .filter({ hasText: 'Mona Hansen, Per Berg' })
      .waitFor();
    await rowOf('Lørdagsgjengen')
      .getByTestId('leaderboard-players')
      .filter({ hasText: 'Kari Dahl, Gunnar Lie' })
      .waitFor();
    // The start list: the group's teams, each with its players.
    expect(await s.getByTestId('startlist-team').allInnerTexts()).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/Hansen \/ Berg\s+Mona Hansen, Per Berg/),
        expect.stringMatching(/Lørdagsgjengen\s+Kari Dahl, Gunnar Lie/),
      ]),
    );

    // ---- The scorecard: one row a team; Mona marks the other team, Kari hers. ----
    const cardUrl = `${app.url}/klubber/${org.id}/turneringer/${tournamentId}/kort`;
    const kariContext = await signedIn(kari);
    const k = await kariContext.newPage();
    const kariErrors = watchConsole(k);
    const perContext = await signedIn(per);
    const p = await perContext.newPage();
    const perErrors = watchConsole(p);
    for (const page of [m, k]) {
      await page.goto(cardUrl);
      await page.getByRole('heading', { name: 'Scorekort – Lagscramble' }).waitFor();
      await page.getByTestId('connection').filter({ hasText: 'Direkte' }).waitFor();
      // One ball a team: two rows on the hole, each named by its team, its players under the name.
      await expect.poll(() => page.getByTestId('player-score').count()).toBe(2);
    }
    await m.getByTestId('team-players').filter({ hasText: 'Mona Hansen, Per Berg' }).waitFor();
    await m.getByTestId('team-players').filter({ hasText: 'Kari Dahl, Gunnar Lie' }).waitFor();
    // Holes 1 and 2: each team's ball from one of its players' phones.
    for (const hole of [1, 2]) {
      await parOn(m, 'Hansen / Berg', hole);
      await parOn(k, 'Lørdagsgjengen', hole);
      for (const page of [m, k]) await page.getByRole('button', { name: 'Neste hull' }).click();
    }
    // Kari's phone holds the other team's ball too: it is the team's, whoever of it entered it.
    await k.goto(`${cardUrl}?hull=1`);
    await expect.poll(() => k.getByLabel('Slag for Hansen / Berg på hull 1').inputValue()).not.toBe('');
    // Hole 3 of Mona's team from Per's phone: any player of the side enters its one ball.
    await p.goto(`${cardUrl}?hull=3`);
    await p.getByTestId('connection').filter({ hasText: 'Direkte' }).waitFor();
    await parOn(p, 'Hansen / Berg', 3);
    await expect
      .poll(() => m.getByLabel('Slag for Hansen / Berg på hull 3').inputValue(), { timeout: 10_000 })
      .not.toBe('');
    await shoot(m, 'scorecard');

    // The spectator's board moved with them, without a reload: three holes and two.
    const thru = (name: string) => rowOf(name).locator('td').nth(3).textContent();
    await expect.poll(() => thru('Hansen / Berg'), { timeout: 10_000 }).toBe('3');
    await expect.poll(() => thru('Lørdagsgjengen'), { timeout: 10_000 }).toBe('2');
    await rowOf('Lørdagsgjengen').getByRole('button', { name: 'Lørdagsgjengen' }).click();
    await s.getByTestId('card-players').filter({ hasText: 'Kari Dahl, Gunnar Lie' }).waitFor();
    await shoot(s, 'public-leaderboard');

    // ---- The rest of Mona's team's round through the API, then one signature a team. ----
    const ids = { organizationId: org.id, tournamentId };
    const monaCaller = (await callerAs(app.deps, mona)).caller;
    const cards = await monaCaller.tournaments.cards({ ...ids, round: 1 });
    const own = cards.cards.find((c) => c.relation === 'self')!;
    for (const h of cards.holes.filter((x) => x.hole > 3))
      await monaCaller.tournaments.setScore({ ...ids, entryId: own.entryId, round: 1, hole: h.hole, strokes: h.par });
    await m.reload();
    const mine = m.getByTestId('sign-card').filter({ hasText: 'Ditt kort' });
    await mine.getByTestId('sign-missing').waitFor({ state: 'detached', timeout: 15_000 });
    await m.getByRole('button', { name: 'Signer mitt kort' }).click();
    await mine.getByTestId('signature-state').filter({ hasText: 'venter på markøren' }).waitFor();
    // Per, her partner, finds the team's card signed: there is nothing left for him to sign.
    await p.reload();
    await p
      .getByTestId('sign-card')
      .filter({ hasText: 'Ditt kort' })
      .getByText('Du har signert. Markøren må signere også.')
      .waitFor();
    // Kari, of the other team, is the marker.
    await k.reload();
    const countersign = k.getByRole('button', { name: 'Signer som markør for Hansen / Berg' });
    await countersign.click();
    await countersign.waitFor({ state: 'detached' });
    await m.reload();
    await expect.poll(() => m.getByTestId('card-locked').count()).toBe(1);
    await shoot(m, 'scorecard-signed');

    expect(adminErrors).toEqual([]);
    expect(monaErrors).toEqual([]);
    expect(kariErrors).toEqual([]);
    expect(perErrors).toEqual([]);
    expect(spectatorErrors).toEqual([]);
    for (const context of [adminContext, monaContext, kariContext, perContext, spectatorContext]) await context.close();
  }, 180_000);

  it('four-ball Stableford: each player scores their own ball, the better ball counts, and the public card says who received what', async () => {
    const org = await createOrganization(app.deps.db, 'Bestball GK');
    const admin = await createUser(app.deps.db, { name: 'Arne Admin', handicapIndex: 20 });
    const lise = await createUser(app.deps.db, { name: 'Lise Lund', handicapIndex: 24 });
    const odd = await createUser(app.deps.db, { name: 'Odd Ek', handicapIndex: 6 });
    const tor = await createUser(app.deps.db, { name: 'Tor Vik', handicapIndex: 15 });
    const siv = await createUser(app.deps.db, { name: 'Siv Alm', handicapIndex: 30 });
    await addMember(app.deps.db, org.id, admin.id, 'owner');
    for (const user of [lise, odd, tor, siv]) await addMember(app.deps.db, org.id, user.id, 'member');
    const bogstad = await demoCourseForTournament(app.deps.db);
    const asAdmin = (await callerAs(app.deps, admin)).caller;
    const created = await asAdmin.tournaments.create({
      organizationId: org.id,
      name: 'Bestballen',
      visibility: 'public',
      format: 'fourball_stableford',
      rounds: [{ number: 1, courseId: bogstad.courseId, playedOn: '2026-06-13' }],
      divisions: [{ name: 'Åpen', teeId: bogstad.tees['Gul/male']!.id }],
    });
    const ids = { organizationId: org.id, tournamentId: created.id };
    await asAdmin.tournaments.setStatus({ ...ids, status: 'open' });
    await (await callerAs(app.deps, lise)).caller.tournaments.enter({ ...ids, partnerUserId: odd.id });
    await asAdmin.tournaments.enter({ ...ids, players: [{ userId: tor.id }, { userId: siv.id }] });
    await asAdmin.tournaments.setGroups({
      ...ids,
      round: 1,
      generate: { firstStartsAt: '2026-06-13T07:00:00Z', intervalMinutes: 10, groupSize: 2 },
    });
    await asAdmin.tournaments.setStatus({ ...ids, status: 'closed' });
    await asAdmin.tournaments.setStatus({ ...ids, status: 'in_progress' });

    // Lise's phone: her team's name over her own row and Odd's, the better ball under them, and the other team's two.
    const liseContext = await signedIn(lise);
    const l = await liseContext.newPage();
    const errors = watchConsole(l);
    await l.goto(`${app.url}/klubber/${org.id}/turneringer/${created.id}/kort?hull=1`);
    await l.getByTestId('connection').filter({ hasText: 'Direkte' }).waitFor();
    await expect.poll(() => l.getByTestId('player-score').count()).toBe(4);
    await l.getByRole('heading', { name: 'Lund / Ek' }).waitFor();
    // Hole 1: Lise a par, Odd a double bogey; her par (with her strokes) is the ball that counts.
    await parOn(l, 'Lise Lund', 1);
    await parOn(l, 'Odd Ek', 1);
    await l.getByRole('button', { name: 'Ett slag mer for Odd Ek' }).click();
    await l.getByRole('button', { name: 'Ett slag mer for Odd Ek' }).click();
    const better = l.getByRole('region', { name: 'Lund / Ek' }).getByTestId('better-ball');
    await better.filter({ hasText: 'Lise Lund teller' }).waitFor();
    const cards = await (await callerAs(app.deps, lise)).caller.tournaments.cards({ ...ids, round: 1 });
    const ownCard = () => cards.cards.find((c) => c.relation === 'self')!;
    const [liseBall, oddBall] = ownCard().balls!;
    const par1 = cards.holes[0]!.par;
    // The server holds each ball as sent from the phone, with its player.
    await expect
      .poll(async () => {
        const now = await (await callerAs(app.deps, lise)).caller.tournaments.cards({ ...ids, round: 1 });
        const card = now.cards.find((c) => c.relation === 'self')!;
        return card.balls!.map((b) => b.strokes[0]);
      })
      .toEqual([par1, par1 + 2]);
    const points = 2 + (liseBall!.strokesReceived[0] ?? 0);
    await better.filter({ hasText: `${points} poeng` }).waitFor();
    expect(oddBall!.name).toBe('Odd Ek');
    // The whole card: a column per ball and the team's better ball after its players.
    const headers = await l.getByRole('region', { name: 'Slag per hull' }).getByRole('columnheader').allTextContents();
    expect(headers.slice(2)).toEqual([
      'Lise Lund',
      'Odd Ek',
      'Lund / Ek: beste ball',
      'Tor Vik',
      'Siv Alm',
      'Vik / Alm: beste ball',
    ]);
    await shoot(l, 'fourball-scorecard');

    // The spectator's card of the team: its players, and the strokes the counting ball received on each hole.
    const spectatorContext = await newPhoneContext(browser);
    const s = await spectatorContext.newPage();
    const spectatorErrors = watchConsole(s);
    await s.goto(`${app.url}/t/${created.slug}`);
    const row = s.getByTestId('leaderboard-row').filter({ hasText: 'Lund / Ek' });
    await row.getByTestId('leaderboard-players').filter({ hasText: 'Lise Lund, Odd Ek' }).waitFor();
    await row.getByRole('button', { name: 'Lund / Ek' }).click();
    await s.getByTestId('card-players').filter({ hasText: 'Lise Lund, Odd Ek' }).waitFor();
    await s.getByTestId('card-handicap').filter({ hasText: 'spillernes til sammen' }).waitFor();
    const received = await s.getByTestId('received-row').first().locator('td').allTextContents();
    expect(received[0]).toBe(String(liseBall!.strokesReceived[0] || ''));
    await shoot(s, 'fourball-public-card');

    expect(errors).toEqual([]);
    expect(spectatorErrors).toEqual([]);
    await liseContext.close();
    await spectatorContext.close();
  }, 120_000);
});
