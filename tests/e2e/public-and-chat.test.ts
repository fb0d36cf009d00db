import type { Browser, WebSocketRoute } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { addMember, createOrganization, createUser } from '../helpers/factories';
import { createTournamentFixture, writeScores } from '../helpers/tournaments';
import { recordScore, setSearchText } from '../tournaments/live-support';
import { newPhoneContext, screenshots, type AppUnderTest } from './harness';
import {
  expectAccessible,
  signedInContext,
  useAppAndBrowser,
  watchConsole,
  watchErrors,
  watchScripts,
} from './support';

/** The public page's JavaScript, all of it, stays under 127 KB gzip (decisions 0506, 0511). */
const PUBLIC_PAGE_BUDGET_BYTES = 127 * 1024;

describe('the public tournament page, the tournament list and team chat', () => {
  let app: AppUnderTest;
  let browser: Browser;
  useAppAndBrowser((started) => ({ app, browser } = started));

  it('an anonymous visitor follows a public tournament live, opens a card, and loads under 127 KB of JavaScript', async () => {
    const db = app.deps.db;
    const f = await createTournamentFixture(db, { name: 'Vårcup Direkte', players: 6 });
    // Three through five holes, the rest not started.
    for (const [i, p] of f.players.slice(0, 3).entries()) {
      await writeScores(
        db,
        f,
        p.entryId,
        1,
        f.holes.map((h, n) => (n < 5 ? h.par + (i === 1 ? -1 : i) : null)),
      );
    }
    const context = await newPhoneContext(browser);
    const page = await context.newPage();
    const errors = watchConsole(page);
    const scripts = watchScripts(page);
    await page.goto(`${app.url}/t/${f.slug}`);
    await page.getByRole('heading', { name: 'Vårcup Direkte' }).waitFor();
    expect(new URL(page.url()).pathname).toBe(`/t/${f.slug}`);
    await page.getByText('Bogstad').first().waitFor();
    await page.getByTestId('connection').getByText('Direkte').waitFor();
    const rows = page.getByTestId('leaderboard-row');
    await expect.poll(() => rows.count()).toBe(6);
    // The leader is the one under par; to par is written with a real minus sign, "E" for level.
    expect(await rows.first().textContent()).toContain('Spiller 02');
    expect(await rows.first().textContent()).toMatch(/\u2212\d/);
    expect(await page.getByTestId('leaderboard').textContent()).toContain('E');
    await page.waitForLoadState('networkidle');
    await screenshots(page, 'public-tournament');
    await expectAccessible(page, 'public page');

    // The JavaScript the public page needed, all of it: under budget, and no signed-in screen among it.
    const { sizes, total } = await scripts.measured('public page');
    expect(total).toBeLessThan(PUBLIC_PAGE_BUDGET_BYTES);
    expect(sizes.some((s) => s.file.includes('PublicTournamentScreen'))).toBe(true);
    for (const other of [
      'LoginScreen',
      'HomeScreen',
      'OrgScreen',
      'RoundScreen',
      'NewRoundScreen',
      'AccountScreen',
      'ChatScreen',
      'UnreadBadge',
      'browser-',
    ]) {
      expect(sizes.filter((s) => s.file.includes(other))).toEqual([]);
    }

    // A score written by the service: the row moves without a reload.
    const last = f.players[5]!;
    await recordScore(app.deps, f, { entryId: last.entryId, round: 1, hole: 1, strokes: 1 });
    const moved = page.locator(`[data-testid="leaderboard-row"][data-entry="${last.entryId}"]`);
    const positionBefore = await moved.locator('td').first().textContent();
    await expect.poll(() => moved.locator('td').nth(3).textContent(), { timeout: 10_000 }).toBe('1');
    // Three under on one hole: ahead of everyone who has not started, so up the list.
    await expect.poll(() => moved.locator('td').first().textContent()).not.toBe(positionBefore);
    expect(await moved.locator('td').nth(2).textContent()).toMatch(/^\u2212\d/);

    // A row opens the player's card, hole by hole; a new score shows there too.
    await moved.getByRole('button', { name: 'Spiller 06' }).click();
    const card = page.getByLabel('Kortet til Spiller 06');
    await card.waitFor();
    expect(await card.textContent()).toContain('Par');
    await recordScore(app.deps, f, { entryId: last.entryId, round: 1, hole: 2, strokes: 4 });
    await expect.poll(() => moved.locator('td').nth(3).textContent(), { timeout: 10_000 }).toBe('2');
    await expect.poll(async () => (await card.textContent()) ?? '', { timeout: 10_000 }).toMatch(/Brutto 5 slag/);
    await screenshots(page, 'public-card');
    await expectAccessible(page, 'public card');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a members-only tournament is "not found" to an anonymous visitor and shown to a member', async () => {
    const f = await createTournamentFixture(app.deps.db, { name: 'Lukket Cup', visibility: 'members', players: 2 });
    const anonymous = await newPhoneContext(browser);
    const page = await anonymous.newPage();
    const errors = watchErrors(page);
    await page.goto(`${app.url}/t/${f.slug}`);
    await page.getByRole('heading', { name: 'Fant ikke turneringen' }).waitFor();
    expect(await page.getByText('Lukket Cup').count()).toBe(0);
    expect(new URL(page.url()).pathname).toBe(`/t/${f.slug}`);
    await screenshots(page, 'public-not-found');
    await expectAccessible(page, 'not found');
    expect(errors).toEqual([]);
    await anonymous.close();

    const member = await signedInContext(browser, app, f.players[0]!.user);
    const memberPage = await member.newPage();
    await memberPage.goto(`${app.url}/t/${f.slug}`);
    await memberPage.getByRole('heading', { name: 'Lukket Cup' }).waitFor();
    await member.close();
  });

  it('/turneringer lists public tournaments for anyone, with search and more pages', async () => {
    const db = app.deps.db;
    const org = await createOrganization(db, 'Listeklubben GK');
    for (let i = 1; i <= 22; i++) {
      const f = await createTournamentFixture(db, {
        name: `Listecup ${i}`,
        organizationId: org.id,
        players: 1,
        status: 'open',
      });
      await setSearchText(db, { ...f, name: `Listecup ${i} Listeklubben GK` });
    }
    const context = await newPhoneContext(browser);
    const page = await context.newPage();
    const errors = watchConsole(page);
    await page.goto(`${app.url}/turneringer`);
    await page.getByRole('heading', { name: 'Turneringer' }).waitFor();
    const items = page.getByTestId('tournament-list').getByRole('listitem');
    await expect.poll(() => items.count()).toBe(20);
    await page.getByRole('button', { name: 'Vis flere' }).click();
    await expect.poll(() => items.count()).toBeGreaterThan(20);
    await page.getByLabel('Søk etter turnering eller klubb').fill('listecup 7');
    await expect.poll(() => items.allTextContents()).toEqual([expect.stringContaining('Listecup 7')]);
    await screenshots(page, 'public-list');
    await expectAccessible(page, 'list');
    await items.first().getByRole('link').click();
    await page.getByRole('heading', { name: 'Listecup 7' }).waitFor();
    await page.getByText('Påmelding åpen').waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('two members chat live: send, edit and delete seen by the other; the unread badge; a non-member is refused', async () => {
    const db = app.deps.db;
    const org = await createOrganization(db, 'Pratklubben GK');
    const kari = await createUser(db, { name: 'Kari Kaptein' });
    const ola = await createUser(db, { name: 'Ola Medlem' });
    const outsider = await createUser(db, { name: 'Per Utenfor' });
    await addMember(db, org.id, kari.id, 'admin');
    await addMember(db, org.id, ola.id, 'member');

    const kariContext = await signedInContext(browser, app, kari);
    const olaContext = await signedInContext(browser, app, ola);
    // Ola's live connection runs through a route the test can cut (offline emulation leaves open sockets be).
    let cut = false;
    const olaSockets: WebSocketRoute[] = [];
    // While cut, a new socket opens into nothing (no answer ever comes, as on a dead network) and is held
    // until the network is back, when it closes and the client tries again.
    const held: WebSocketRoute[] = [];
    await olaContext.routeWebSocket(/\/trpc/, (ws) => {
      if (cut) {
        held.push(ws);
        return;
      }
      ws.connectToServer();
      olaSockets.push(ws);
    });
    const kariPage = await kariContext.newPage();
    const olaPage = await olaContext.newPage();
    const kariErrors = watchConsole(kariPage);
    const olaErrors = watchConsole(olaPage);

    // From the club screen to its chat.
    await kariPage.goto(`${app.url}/klubber/${org.id}`);
    await kariPage.getByRole('link', { name: /Lagprat/ }).click();
    await kariPage.getByRole('heading', { name: 'Lagprat – Pratklubben GK' }).waitFor();
    await olaPage.goto(`${app.url}/klubber/${org.id}/chat`);
    await olaPage.getByText('Ingen meldinger ennå. Si hei!').waitFor();
    await kariPage.getByTestId('connection').getByText('Direkte').waitFor();
    await olaPage.getByTestId('connection').getByText('Direkte').waitFor();

    // A phone is told what Enter does, without a Shift+Enter its keyboard does not have.
    const hint = kariPage.locator('.composer .hint');
    // biome-ignore lint/performance/useDomNodeTextContent: what the phone shows is the question, and innerText is the shown text
    expect(await hint.innerText()).toBe('Enter sender meldingen.');
    // Enter sends, Shift+Enter is a new line; the text is text, never HTML.
    const input = kariPage.getByLabel('Skriv en melding');
    await input.fill('Hei <b>alle</b>');
    await input.press('Shift+Enter');
    await input.pressSequentially('Tee 1 kl. 9');
    await input.press('Enter');
    await expect.poll(() => input.inputValue()).toBe('');
    const olaMessages = olaPage.getByTestId('message');
    await expect.poll(() => olaMessages.count(), { timeout: 10_000 }).toBe(1);
    expect(await olaMessages.first().locator('.text').textContent()).toBe('Hei <b>alle</b>\nTee 1 kl. 9');
    expect(await olaMessages.first().locator('b').count()).toBe(0);

    // Ola answers with the button.
    await olaPage.getByLabel('Skriv en melding').fill('Jeg kommer! 🏌️');
    await olaPage.getByRole('button', { name: 'Send', exact: true }).click();
    await expect.poll(() => kariPage.getByTestId('message').count(), { timeout: 10_000 }).toBe(2);
    // Each message once, on both phones.
    await expect.poll(() => olaMessages.count()).toBe(2);

    // Kari edits her message; Ola sees the new text.
    const kariFirst = kariPage.getByTestId('message').first();
    await kariFirst.getByRole('button', { name: 'Rediger' }).click();
    await kariPage.getByLabel('Rediger meldingen').fill('Hei alle, tee 1 kl. 9.30');
    await kariPage.getByRole('button', { name: 'Lagre' }).click();
    await expect
      .poll(() => olaMessages.first().locator('.text').textContent(), { timeout: 10_000 })
      .toBe('Hei alle, tee 1 kl. 9.30');
    await olaMessages.first().getByText('redigert').waitFor();
    // Ola may neither edit nor delete Kari's message; Kari, an admin, may delete Ola's.
    expect(await olaMessages.first().getByRole('button').count()).toBe(0);
    expect(await kariPage.getByTestId('message').nth(1).getByRole('button', { name: 'Slett' }).count()).toBe(1);
    expect(await kariPage.getByTestId('message').nth(1).getByRole('button', { name: 'Rediger' }).count()).toBe(0);
    await screenshots(olaPage, 'chat-conversation');
    await expectAccessible(olaPage, 'chat');

    // Kari deletes hers; Ola sees it go.
    await kariFirst.getByRole('button', { name: 'Slett' }).click();
    await kariPage.getByRole('button', { name: 'Ja, slett' }).click();
    await olaMessages.first().getByText('Meldingen er slettet.').waitFor({ timeout: 10_000 });
    expect(await olaMessages.first().textContent()).not.toContain('9.30');

    // Ola leaves the chat; a new message from Kari shows as unread on "Klubber" in his navigation.
    await olaPage.getByRole('link', { name: 'Hjem', exact: true }).click();
    await olaPage.getByRole('heading', { level: 1 }).waitFor();
    expect(await olaPage.getByTestId('unread-badge').count()).toBe(0);
    await kariPage.getByLabel('Skriv en melding').fill('Husk scorekortene!');
    await kariPage.getByLabel('Skriv en melding').press('Enter');
    await olaPage.getByTestId('unread-badge').waitFor({ timeout: 15_000 });
    expect(await olaPage.getByTestId('unread-badge').textContent()).toMatch(/^1/);
    await screenshots(olaPage, 'chat-unread-badge');
    // Reading the conversation clears it.
    await olaPage.goto(`${app.url}/klubber/${org.id}/chat`);
    await olaPage.getByText('Husk scorekortene!').waitFor();
    await expect.poll(() => olaPage.getByTestId('unread-badge').count(), { timeout: 10_000 }).toBe(0);

    // The connection drops and comes back: what was said meanwhile arrives, once.
    cut = true;
    for (const ws of olaSockets.splice(0)) await ws.close({ code: 3000, reason: 'nettet er borte' });
    await olaPage
      .getByTestId('connection')
      .getByText(/Kobler til|Frakoblet/)
      .waitFor({ timeout: 20_000 });
    await kariPage.getByLabel('Skriv en melding').fill('Sendt mens Ola var borte');
    await kariPage.getByLabel('Skriv en melding').press('Enter');
    await olaPage.getByText('Forbindelsen er brutt').waitFor();
    await screenshots(olaPage, 'chat-offline');
    cut = false;
    for (const ws of held.splice(0)) await ws.close({ code: 3000, reason: 'nettet er tilbake' });
    // tRPC tries again with a growing pause (up to 30 s): the message arrives with the next try.
    await olaPage.getByText('Sendt mens Ola var borte').waitFor({ timeout: 45_000 });
    await olaPage.getByTestId('connection').getByText('Direkte').waitFor();
    expect(await olaPage.getByText('Sendt mens Ola var borte').count()).toBe(1);
    await expect.poll(() => olaMessages.count()).toBe(await kariPage.getByTestId('message').count());

    // Not a member: no conversation.
    const outsiderContext = await signedInContext(browser, app, outsider);
    const outsiderPage = await outsiderContext.newPage();
    const outsiderErrors = watchErrors(outsiderPage);
    await outsiderPage.goto(`${app.url}/klubber/${org.id}/chat`);
    await outsiderPage.getByRole('alert').waitFor();
    expect(await outsiderPage.getByTestId('message').count()).toBe(0);
    expect(await outsiderPage.getByLabel('Skriv en melding').count()).toBe(0);
    await screenshots(outsiderPage, 'chat-not-member');

    // Desktop width, the conversation and the composer.
    await screenshots(kariPage, 'chat-sender');
    expect(kariErrors).toEqual([]);
    expect(olaErrors.filter((e) => !/ERR_INTERNET_DISCONNECTED|WebSocket/i.test(e))).toEqual([]);
    expect(outsiderErrors).toEqual([]);
    await kariContext.close();
    await olaContext.close();
    await outsiderContext.close();
  });
});
