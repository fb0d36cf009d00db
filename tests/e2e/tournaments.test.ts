import type { Browser, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { seedDemoCoursesIfEmpty } from '../../server/courses/seed';
import { addMember, createOrganization, createUser } from '../helpers/factories';
import { screenshots, type AppUnderTest } from './harness';
import { expectAccessible, moveTournament, parOn, useAppAndBrowser, watchConsole, signedInContext } from './support';

/** A screen checked: pictures at both widths, then axe. */
async function shoot(page: Page, name: string): Promise<void> {
  await screenshots(page, `tournament-${name}`);
  await expectAccessible(page, name);
}

describe('the club’s tournament screens in a real browser', () => {
  let app: AppUnderTest;
  let browser: Browser;
  useAppAndBrowser((started) => ({ app, browser } = started));
  beforeAll(() => seedDemoCoursesIfEmpty(app.deps));

  const signedIn = (user: { id: string; sessionVersion: number }) => signedInContext(browser, app, user);

  it('an admin sets a tournament up from nothing, two players enter, play as player and marker and sign, and the cards lock', async () => {
    const org = await createOrganization(app.deps.db, 'Turneringsklubben GK');
    const admin = await createUser(app.deps.db, { name: 'Anne Admin', handicapIndex: 20 });
    const per = await createUser(app.deps.db, { name: 'Per Spiller', handicapIndex: 12.4 });
    const kari = await createUser(app.deps.db, { name: 'Kari Markør', handicapIndex: 18.1 });
    const mia = await createUser(app.deps.db, { name: 'Mia Medlem', handicapIndex: 30 });
    await addMember(app.deps.db, org.id, admin.id, 'owner');
    await addMember(app.deps.db, org.id, per.id, 'member');
    await addMember(app.deps.db, org.id, kari.id, 'member');
    await addMember(app.deps.db, org.id, mia.id, 'member');

    // ---- The admin: from the club to a new tournament, opened for entries. ----
    const adminContext = await signedIn(admin);
    const a = await adminContext.newPage();
    const adminErrors = watchConsole(a);
    await a.goto(`${app.url}/klubber/${org.id}`);
    await a.getByRole('link', { name: 'Turneringer' }).click();
    await a.getByRole('heading', { name: 'Turneringer i Turneringsklubben GK' }).waitFor();
    await a.getByText('Ingen turneringer ennå').waitFor();
    await shoot(a, 'list-empty');
    await a.getByRole('link', { name: 'Ny turnering' }).click();
    await a.getByRole('heading', { name: 'Ny turnering' }).waitFor();
    await a.getByLabel('Navn', { exact: true }).fill('Klubbmesterskapet');
    await a.getByLabel('Beskrivelse (valgfri)').fill('Årets klubbmesterskap. Premieutdeling i klubbhuset.');
    await a.getByLabel('Spilleform').selectOption('stroke_net');
    // The round wizard's course finder, 18-hole courses only.
    await a.getByLabel('Klubb eller bane').fill('oslo golf');
    await a.getByRole('button', { name: /Oslo Golfklubb – Bogstad/ }).click();
    await a.getByTestId('tournament-course').getByText('Oslo Golfklubb – Bogstad').waitFor();
    // Two tees of one colour read apart, by whom they are for: one label everywhere.
    const teeOptions = await a.getByLabel('Teested').locator('option').allTextContents();
    expect(teeOptions).toEqual(
      expect.arrayContaining([expect.stringMatching(/^Rød \(herre\) · /), expect.stringMatching(/^Rød \(dame\) · /)]),
    );
    expect(new Set(teeOptions).size).toBe(teeOptions.length);
    await a.getByLabel('Teested').selectOption({ index: 1 });
    const chosenTee = teeOptions[1]!.split(' · ')[0]!;
    await a.getByLabel('Antall plasser (valgfri)').fill('40');
    await shoot(a, 'new');
    await a.getByRole('button', { name: 'Lagre utkastet' }).click();
    await a.getByRole('heading', { name: 'Klubbmesterskapet' }).waitFor();
    await a.getByTestId('tournament-status').filter({ hasText: 'Utkast' }).waitFor();
    // The tournament page names the division's tee the same way.
    await a.getByText(`(${chosenTee}`, { exact: false }).first().waitFor();
    const tournamentUrl = a.url();
    expect(new URL(tournamentUrl).pathname).toMatch(new RegExp(`^/klubber/${org.id}/turneringer/[0-9a-f-]{36}$`));
    await shoot(a, 'admin-draft');
    // Editing uses the same form, filled in.
    await a.getByRole('link', { name: 'Endre' }).click();
    await a.getByRole('heading', { name: 'Endre Klubbmesterskapet' }).waitFor();
    expect(await a.getByLabel('Antall plasser (valgfri)').inputValue()).toBe('40');
    await a.getByLabel('Antall plasser (valgfri)').fill('36');
    await shoot(a, 'edit');
    await a.getByRole('button', { name: 'Lagre endringene' }).click();
    await a.getByRole('heading', { name: 'Klubbmesterskapet' }).waitFor();
    await a.getByText('0 av 36 påmeldt').waitFor();
    await moveTournament(a, 'Åpne for påmelding', 'Åpen for påmelding');

    // ---- Two players enter, each on their own phone. ----
    const perContext = await signedIn(per);
    const kariContext = await signedIn(kari);
    const p = await perContext.newPage();
    const k = await kariContext.newPage();
    const perErrors = watchConsole(p);
    const kariErrors = watchConsole(k);
    for (const page of [p, k]) {
      await page.goto(`${app.url}/klubber/${org.id}/turneringer`);
      await page.getByRole('link', { name: /Klubbmesterskapet/ }).click();
      await page.getByRole('button', { name: 'Meld meg på' }).click();
      await page.getByTestId('my-entry').waitFor();
    }
    await p.goto(`${app.url}/klubber/${org.id}/turneringer`);
    await p.getByTestId('tournament').filter({ hasText: '2 av 36 påmeldt' }).waitFor();
    await shoot(p, 'list');
    await p.goto(tournamentUrl);
    await p.getByText('Startlisten er ikke klar ennå.').waitFor();
    await shoot(p, 'player-entered');
    // Home says the day, and that the time is still to come.
    await p.goto(`${app.url}/`);
    await p.getByTestId('next-start-when').filter({ hasText: 'I dag: startlisten er ikke klar ennå' }).waitFor();

    // ---- The admin: a member added by search, a guest added and withdrawn, entries closed. ----
    await a.reload();
    await a.getByLabel('Meld på et medlem').fill('mia');
    await a.getByRole('button', { name: /Meld på Mia Medlem/ }).click();
    await a.getByTestId('admin-entry').filter({ hasText: 'Mia Medlem' }).waitFor();
    await a.getByLabel('Gjestens navn').fill('Gjest Gunn');
    await a.getByLabel('Gjestens hcp').fill('25,0');
    await a.getByRole('button', { name: 'Meld på gjesten' }).click();
    await a.getByTestId('admin-entry').filter({ hasText: 'Gjest Gunn' }).waitFor();
    await a.getByRole('button', { name: 'Meld av Gjest Gunn' }).click();
    await a.getByRole('button', { name: 'Ja, meld av Gjest Gunn' }).click();
    await expect.poll(() => a.getByTestId('admin-entry').count()).toBe(3);
    await moveTournament(a, 'Steng påmeldingen', 'Påmelding stengt');

    // ---- The start list: generated by handicap, a player moved with the buttons, saved; two tees tried. ----
    await a.getByLabel('Første start').fill('08:00');
    await a.getByRole('button', { name: 'Lag startliste etter handicap' }).click();
    await expect.poll(() => a.getByTestId('start-group').count()).toBe(1);
    expect(
      (await a.getByTestId('start-group').first().locator('.entry-row > span:first-child').allTextContents()).sort(),
    ).toEqual(['Kari Markør', 'Mia Medlem', 'Per Spiller']);
    await a.getByRole('button', { name: 'Flytt Mia Medlem til en ny gruppe' }).click();
    await expect.poll(() => a.getByTestId('start-group').count()).toBe(2);
    await a.getByRole('button', { name: 'Fordel på tee 1 og 10' }).click();
    await a.getByTestId('start-group').nth(1).getByText('fra tee 10').waitFor();
    await shoot(a, 'admin-startlist');
    await a.getByRole('button', { name: 'Alle fra tee 1' }).click();
    await a.getByRole('button', { name: 'Flytt Mia Medlem til gruppe 1' }).click();
    await expect.poll(() => a.getByTestId('start-group').count()).toBe(1);
    await a.getByRole('button', { name: 'Lagre startlisten' }).click();
    await a.getByRole('button', { name: 'Lagre startlisten' }).waitFor({ state: 'detached' });
    await moveTournament(a, 'Start turneringen', 'Pågår');
    await a.getByTestId('results-csv').waitFor();
    await shoot(a, 'admin-in-progress');

    // ---- My start time and group, then the scorecard on both phones, live. ----
    await p.goto(tournamentUrl);
    await p.getByTestId('my-group').getByText('kl. 08:00 fra tee 1').waitFor();
    await p
      .getByTestId('my-group')
      .getByText(/Gruppe: Per Spiller, .*Kari Markør/)
      .waitFor();
    await shoot(p, 'player-in-progress');
    // Per's phone opens on his next start: the time, the tee and his partners, and the card one tap away.
    await p.goto(`${app.url}/`);
    const next = p.getByTestId('next-start');
    await next.getByText('Klubbmesterskapet').waitFor();
    await next.getByTestId('next-start-when').filter({ hasText: 'I dag kl. 08:00 fra tee 1' }).waitFor();
    await next.getByTestId('next-start-partners').filter({ hasText: 'Med Kari Markør og Mia Medlem' }).waitFor();
    await shoot(p, 'home-next-start');
    await next.getByRole('link', { name: 'Åpne scorekortet' }).click();
    await k.goto(tournamentUrl);
    await k.getByRole('link', { name: 'Til scorekortet' }).click();
    for (const page of [p, k]) {
      await page.getByRole('heading', { name: 'Scorekort – Klubbmesterskapet' }).waitFor();
      await page.getByTestId('connection').filter({ hasText: 'Direkte' }).waitFor();
    }
    // Per: his own card, holes 1 to 17; Kari sees them arrive on her phone without reloading.
    for (let hole = 1; hole <= 17; hole++) {
      await parOn(p, 'Per Spiller', hole);
      if (hole === 1)
        await expect
          .poll(() => k.getByLabel('Slag for Per Spiller på hull 1').inputValue(), { timeout: 10_000 })
          .not.toBe('');
      await p.getByRole('button', { name: 'Neste hull' }).click();
    }
    // What is missing is said before any call.
    await p
      .getByTestId('sign-card')
      .first()
      .getByTestId('sign-missing')
      .filter({ hasText: 'Mangler hull 18.' })
      .waitFor();
    expect(await p.getByRole('button', { name: 'Signer mitt kort' }).isDisabled()).toBe(true);
    await shoot(p, 'scorecard');
    // Kari, his marker, enters hole 18 for him, and her own card.
    for (let hole = 1; hole <= 18; hole++) {
      if (hole === 18) await parOn(k, 'Per Spiller', 18);
      await parOn(k, 'Kari Markør', hole);
      if (hole < 18) await k.getByRole('button', { name: 'Neste hull' }).click();
    }
    await k
      .getByTestId('sign-card')
      .filter({ hasText: 'Ditt kort' })
      .getByTestId('sign-missing')
      .waitFor({ state: 'detached' });
    await p
      .getByTestId('sign-card')
      .filter({ hasText: 'Ditt kort' })
      .getByTestId('sign-missing')
      .waitFor({ state: 'detached', timeout: 15_000 });
    // The counter-signatures: each signs their own card and the other's.
    await p.getByRole('button', { name: 'Signer mitt kort' }).click();
    await p
      .getByTestId('sign-card')
      .first()
      .getByTestId('signature-state')
      .filter({ hasText: 'venter på markøren' })
      .waitFor();
    await k.reload();
    // Each signature is waited for (its button goes once the answer is in) before a reload could abort it.
    const signs = async (page: Page, name: string) => {
      const button = page.getByRole('button', { name });
      await button.click();
      await button.waitFor({ state: 'detached' });
    };
    await signs(k, 'Signer mitt kort');
    await signs(k, 'Signer som markør for Per Spiller');
    await p.reload();
    await signs(p, 'Signer som markør for Kari Markør');
    for (const page of [p, k]) {
      await page.reload();
      await expect.poll(() => page.getByTestId('card-locked').count()).toBe(2);
      // A locked card takes no more strokes on this phone.
      expect(await page.getByRole('button', { name: 'Ett slag mer for Per Spiller' }).count()).toBe(0);
    }
    await shoot(p, 'scorecard-locked');
    // The whole card of the group's three players fits the phone: its box does not scroll sideways.
    const box = p.getByRole('region', { name: 'Slag per hull' });
    expect(await box.evaluate((e) => e.scrollWidth - e.clientWidth)).toBeLessThanOrEqual(0);
    expect(await box.getByRole('columnheader').allTextContents()).toEqual([
      'Hull',
      'Par',
      'Per Spiller',
      'Kari Markør',
      'Mia Medlem',
    ]);
    await shoot(k, 'scorecard-marker');

    // ---- The admin: the results file, and unlocking a signed card. ----
    await a.reload();
    const href = await a.getByTestId('results-csv').getAttribute('href');
    const csv = await a.request.get(`${app.url}${href}`);
    expect(csv.status()).toBe(200);
    expect(csv.headers()['content-type']).toMatch(/^text\/csv/);
    expect(await csv.text()).toContain('Per Spiller');
    await a.getByTestId('admin-card').filter({ hasText: 'Per Spiller' }).getByText('låst').waitFor();
    await a.getByRole('button', { name: 'Lås opp kortet til Per Spiller' }).click();
    await a.getByRole('button', { name: 'Ja, lås opp' }).click();
    await a.getByTestId('admin-card').filter({ hasText: 'Per Spiller' }).getByText('Ikke signert').waitFor();
    await shoot(a, 'admin-cards');
    await p.reload();
    await expect.poll(() => p.getByTestId('card-locked').count()).toBe(1);
    // The tournament is among Per's rounds, with his place and his net score.
    await p.goto(`${app.url}/runder`);
    await p
      .getByTestId('my-tournament')
      .filter({ hasText: 'Klubbmesterskapet' })
      .getByTestId('my-tournament-result')
      .filter({ hasText: /^(delt )?\d\. plass · \d+ netto \([+−±]\d+\)$/ })
      .waitFor();
    await shoot(p, 'rounds-with-tournament');

    expect(adminErrors).toEqual([]);
    expect(perErrors).toEqual([]);
    expect(kariErrors).toEqual([]);
    await adminContext.close();
    await perContext.close();
    await kariContext.close();
  }, 180_000); // the whole tournament day in one test: about 90 s on a busy two-core machine
});
