import type { Browser, BrowserContext, Page, Route, WebSocket } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { UserRow } from '../../server/auth/users';
import { callerAs } from '../helpers/caller';
import { addMember, createOrganization, createUser } from '../helpers/factories';
import { codeIn, lastMailTo } from '../helpers/mail';
import { createTournamentFixture } from '../helpers/tournaments';
import { PERSONAL_HOLES } from '../account/gdpr-support';
import type { AppUnderTest } from './harness';
import { screenshots } from './harness';
import { signedInContext, useAppAndBrowser, watchErrors } from './support';

const PASSWORD = 'et langt og godt passord';

/**
 * A shared phone (decision 0510): whenever the app learns that its user is gone, by a 401 from a query or
 * mutation, by the live socket closed with 4401, or by the start-up check finding nobody, it forgets what it
 * kept of them (IndexedDB, the remembered user, the answers in memory) before the next person sees
 * anything. Each test ends with another user signing in on the same page and checks what they would notice.
 */
describe('a shared phone keeps nothing of the previous user', () => {
  let app: AppUnderTest;
  let browser: Browser;
  useAppAndBrowser((started) => ({ app, browser } = started));

  let operator: UserRow;
  beforeAll(async () => {
    operator = await createUser(app.deps.db, { name: 'Drift Dagny', isSuperAdmin: true });
  });

  let made = 0;
  /**
   * Anne's round on a personal course whose name is hers alone (shown on her round list and her scorecard,
   * nowhere else), with a guest, Gjest Gunnar.
   */
  async function annesRound() {
    made++;
    const courseName = `Annes hemmelige hage ${made}`;
    const anne = await createUser(app.deps.db, {
      name: `Anne Forrige ${made}`,
      email: `anne-${made}-${Date.now()}@example.no`,
      password: PASSWORD,
    });
    const asAnne = (await callerAs(app.deps, anne)).caller;
    const course = await asAnne.personalCourses.create({
      name: courseName,
      country: 'NO',
      city: 'Hamar',
      shared: false,
      holes: PERSONAL_HOLES,
      tees: [{ name: 'Gul', par: 72, courseRating: 71.4, slope: 129 }],
    });
    const round = await asAnne.rounds.create({
      courseId: course.id,
      teeId: course.tees[0]!.id,
      playedOn: '2026-06-21',
      format: 'stroke',
      holes: '18',
    });
    const side = await asAnne.rounds.addSide({ roundId: round.id, name: 'Anne og Gunnar' });
    await asAnne.rounds.addParticipant({ roundId: round.id, sideId: side.id, userId: anne.id });
    await asAnne.rounds.addParticipant({
      roundId: round.id,
      sideId: side.id,
      guest: { name: 'Gjest Gunnar', handicapIndex: 20 },
    });
    return { anne, asAnne, roundId: round.id, courseName };
  }

  /** The next person on the phone, with an account of their own and nothing played yet. */
  async function nextUser() {
    made++;
    return createUser(app.deps.db, {
      name: `Neste Nora ${made}`,
      email: `nora-${made}-${Date.now()}@example.no`,
      password: PASSWORD,
    });
  }

  /**
   * Everything the app keeps in this browser, as text: the remembered user and every IndexedDB entry (key and
   * value). A database that is not there is not created by asking.
   */
  async function keptInBrowser(page: Page): Promise<{ user: string | null; entries: string[] }> {
    return page.evaluate(async () => {
      const user = localStorage.getItem('hullvis.sist-innlogget');
      // The tab's own storage too (a round wizard's draft names its course and players).
      const tab = Object.entries(sessionStorage).map(([key, value]) => `sessionStorage ${key} ${value}`);
      if (!(await indexedDB.databases()).some((d) => d.name === 'hullvis')) return { user, entries: tab };
      const db = await new Promise<IDBDatabase | null>((resolve) => {
        const request = indexedDB.open('hullvis');
        // Deleted meanwhile: an open would make an empty one, which the app would then upgrade wrongly.
        request.onupgradeneeded = () => request.transaction?.abort();
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => resolve(null);
      });
      if (!db) return { user, entries: tab };
      const entries: string[] = [...tab];
      for (const store of Array.from(db.objectStoreNames)) {
        const read = <T>(get: (s: IDBObjectStore) => IDBRequest<T>) =>
          new Promise<T>((resolve) => {
            const request = get(db.transaction(store).objectStore(store));
            request.onsuccess = () => resolve(request.result);
          });
        const keys = await read((s) => s.getAllKeys());
        const values = await read((s) => s.getAll());
        for (const [i, key] of keys.entries())
          entries.push(`${store} ${JSON.stringify(key)} ${JSON.stringify(values[i])}`);
      }
      db.close();
      return { user, entries };
    });
  }

  /** What this browser still holds of `user`: entries keyed by them or naming `marker`, and them remembered. */
  async function keptOf(page: Page, user: Pick<UserRow, 'id'>, marker: string) {
    const kept = await keptInBrowser(page);
    return {
      remembered: kept.user?.includes(user.id) ?? false,
      entries: kept.entries.filter((e) => e.includes(user.id) || e.includes(marker)),
    };
  }
  const NOTHING = { remembered: false, entries: [] };

  /**
   * Records, from now on, whether `text` is ever in the page's DOM, at any mutation (an observer runs before
   * the browser paints, so a single frame showing it is caught). Installed in the page running now; with
   * `context`, in every page loaded from then on as well (a reload).
   */
  async function watchForText(page: Page, text: string, context?: BrowserContext): Promise<() => Promise<boolean>> {
    const install = (needle: string) => {
      const w = window as unknown as { seenPreviousUser?: boolean };
      w.seenPreviousUser = false;
      const check = () => {
        if (document.documentElement?.textContent?.includes(needle)) w.seenPreviousUser = true;
      };
      new MutationObserver(check).observe(document, { subtree: true, childList: true, characterData: true });
      check();
    };
    if (context) await context.addInitScript(install, text);
    await page.evaluate(install, text);
    return () => page.evaluate(() => (window as unknown as { seenPreviousUser?: boolean }).seenPreviousUser === true);
  }

  /** Signs in with e-mail and password on the sign-in screen already shown: the same page, nothing reloaded. */
  async function signInHere(page: Page, user: UserRow): Promise<void> {
    await page.getByRole('heading', { name: 'Logg inn' }).waitFor();
    await page.getByRole('button', { name: 'Passord' }).click();
    await page.getByLabel('E-postadresse').fill(user.email);
    await page.getByLabel('Passord', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Logg inn', exact: true }).click();
    await page.locator('.topbar .who').filter({ hasText: user.name! }).waitFor();
  }

  /**
   * The next user, signed in on the same page, goes home and to their rounds, as anyone would: each screen
   * shows their own empty list, never the previous user's (`marker`), which `seen` would have caught.
   */
  async function nextUserLooksAround(
    page: Page,
    nora: UserRow,
    marker: string,
    seen: () => Promise<boolean>,
  ): Promise<void> {
    await signInHere(page, nora);
    for (const [link, heading] of [
      ['Hjem', `Hei, ${nora.name}`],
      ['Runder', 'Runder'],
    ] as const) {
      await page.getByRole('link', { name: link }).click();
      await page.getByRole('heading', { name: heading, exact: true }).waitFor();
      await page.getByText('Ingen runder ennå').or(page.getByText(marker)).first().waitFor();
      expect(await seen(), `${marker} shown to the next user`).toBe(false);
    }
  }

  /** Anne's scorecard, reached from her home screen as she would (her round list is then in memory too). */
  async function openFromHome(page: Page, courseName: string): Promise<void> {
    await page.goto(`${app.url}/`);
    await page.getByRole('link', { name: new RegExp(courseName) }).click();
    await page.getByRole('heading', { level: 1, name: new RegExp(courseName) }).waitFor();
    await expect.poll(async () => (await keptInBrowser(page)).entries.length).toBeGreaterThan(0);
  }

  const plus = (page: Page, name: string) => page.getByRole('button', { name: `Ett slag mer for ${name}` });
  const isSetScore = (url: URL) => url.pathname.includes('setScore');

  /** A score typed that cannot reach the server (its request refused by the route): it waits in the outbox. */
  async function scoreWaiting(page: Page, context: BrowserContext, player: string): Promise<void> {
    await context.route(isSetScore, (route) => route.abort('internetdisconnected'));
    await plus(page, player).click();
    await expect
      .poll(async () => (await keptInBrowser(page)).entries.some((e) => e.startsWith('outboxes ')))
      .toBe(true);
  }

  it('signed out everywhere from another device: the next query’s 401 wipes her rounds before the next user signs in', async () => {
    const { anne, courseName } = await annesRound();
    const nora = await nextUser();
    const context = await signedInContext(browser, app, anne);
    // No live socket reaches the server in this test: the app can learn only from a 401 over HTTP.
    await context.routeWebSocket(/\/trpc/, () => {});
    const page = await context.newPage();
    const errors = watchErrors(page);
    await openFromHome(page, courseName);
    await scoreWaiting(page, context, 'Gjest Gunnar');
    // A round she had begun to set up in this tab: the wizard keeps its draft (course, players) there.
    await page.evaluate((name) => {
      sessionStorage.setItem('hullvis.roundWizard', JSON.stringify({ step: 'players', course: { name } }));
    }, courseName);
    expect(await keptOf(page, anne, courseName)).toMatchObject({ remembered: true });

    // Anne, on her other phone, signs out every other device.
    const other = await signedInContext(browser, app, anne);
    const otherPage = await other.newPage();
    await otherPage.goto(`${app.url}/konto`);
    await otherPage.getByRole('button', { name: 'Logg ut på alle andre enheter' }).click();
    await otherPage.getByText('Alle andre enheter er logget ut.').waitFor();
    await other.close();

    // Back on the shared phone, the next screen's query is refused: the app forgets Anne.
    await page.getByRole('link', { name: 'Runder' }).click();
    await page.getByRole('heading', { name: 'Logg inn' }).waitFor();
    const seen = await watchForText(page, courseName);
    await expect.poll(() => keptOf(page, anne, courseName)).toEqual(NOTHING);

    await nextUserLooksAround(page, nora, courseName, seen);
    expect(await keptOf(page, anne, courseName)).toEqual(NOTHING);
    expect((await keptInBrowser(page)).user).toContain(nora.id);
    await screenshots(page, 'previous-user-gone-rounds');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('the account deleted from elsewhere: the socket closes, the app forgets her, the next user sees nothing of her', async () => {
    const { anne, asAnne, courseName } = await annesRound();
    const nora = await nextUser();
    const context = await signedInContext(browser, app, anne);
    const page = await context.newPage();
    const errors = watchErrors(page);
    await openFromHome(page, courseName);
    await page.getByTestId('connection').filter({ hasText: 'Direkte' }).waitFor();
    await scoreWaiting(page, context, 'Gjest Gunnar');

    // Anne deletes her account on another device, with the code mailed to her.
    await asAnne.account.requestDeletionCode();
    await asAnne.account.delete({ code: codeIn(lastMailTo(app.deps, anne.email).text) });

    await page.getByRole('heading', { name: 'Logg inn' }).waitFor();
    const seen = await watchForText(page, courseName);
    await expect.poll(() => keptOf(page, anne, courseName)).toEqual(NOTHING);

    await nextUserLooksAround(page, nora, courseName, seen);
    expect(await keptOf(page, anne, courseName)).toEqual(NOTHING);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('an expired session found on reload: the tournament card and its unsent scores are gone before the sign-in screen shows', async () => {
    const name = `Hemmelig klubbcup ${Date.now()}`;
    const f = await createTournamentFixture(app.deps.db, { players: 2, name, visibility: 'members' });
    const anne = f.players[0]!.user;
    const nora = await nextUser();
    const context = await signedInContext(browser, app, anne);
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto(`${app.url}/klubber/${f.organizationId}/turneringer/${f.tournamentId}/kort?hull=1`);
    await page.getByTestId('connection').filter({ hasText: 'Direkte' }).waitFor();
    await page.getByText(name).first().waitFor();
    await scoreWaiting(page, context, 'Spiller 01');
    const before = await keptOf(page, anne, name);
    expect(before.remembered).toBe(true);
    expect(before.entries.map((e) => e.split(' ')[0])).toEqual(expect.arrayContaining(['outboxes', 'views']));

    // A month later (past the 30 days of a full session) the phone is opened again.
    const MONTH = 31 * 24 * 60 * 60;
    app.deps.clock.advance(MONTH);
    try {
      const seen = await watchForText(page, name, context);
      await page.reload();
      await page.getByRole('heading', { name: 'Logg inn' }).waitFor();
      // Already gone when the sign-in screen first shows: not polled.
      expect(await keptOf(page, anne, name)).toEqual(NOTHING);

      await nextUserLooksAround(page, nora, name, seen);
      expect(await keptOf(page, anne, name)).toEqual(NOTHING);
    } finally {
      app.deps.clock.advance(-MONTH);
    }
    expect(errors).toEqual([]);
    await context.close();
  });

  it('the socket closed with the session-ended code is enough: with every HTTP request held, the app still forgets her', async () => {
    const { anne, courseName } = await annesRound();
    const nora = await nextUser();
    const context = await signedInContext(browser, app, anne);
    const page = await context.newPage();
    const errors = watchErrors(page);
    await openFromHome(page, courseName);
    await page.getByTestId('connection').filter({ hasText: 'Direkte' }).waitFor();

    // From here no HTTP request gets an answer: whatever the app learns, it learns over the socket.
    const held: Route[] = [];
    const holdAll = (route: Route) => void held.push(route);
    const isHttpApi = (url: URL) => url.pathname.startsWith('/trpc');
    await context.route(isHttpApi, holdAll);
    await plus(page, 'Gjest Gunnar').click();
    await expect
      .poll(async () => (await keptInBrowser(page)).entries.some((e) => e.startsWith('outboxes ')))
      .toBe(true);

    // An operator signs Anne out; the server closes her socket with 4401.
    await (await callerAs(app.deps, operator)).caller.admin.signOutUser({ userId: anne.id });
    await page.getByRole('heading', { name: 'Logg inn' }).waitFor();
    const seen = await watchForText(page, courseName);
    await expect.poll(() => keptOf(page, anne, courseName)).toEqual(NOTHING);
    // Nothing came back over HTTP meanwhile: the held requests are all still waiting.
    expect(held.length).toBeGreaterThan(0);

    await context.unroute(isHttpApi, holdAll);
    for (const route of held) await route.abort('internetdisconnected').catch(() => undefined);
    await nextUserLooksAround(page, nora, courseName, seen);
    expect(await keptOf(page, anne, courseName)).toEqual(NOTHING);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('keeps everything when it was this phone that signed the others out: its own socket’s 4401 is checked first', async () => {
    const { anne, courseName } = await annesRound();
    // A club member: the unread badge keeps a live socket open on every screen, the account screen too.
    await addMember(app.deps.db, (await createOrganization(app.deps.db, 'Badgeklubben GK')).id, anne.id, 'member');
    const context = await signedInContext(browser, app, anne);
    const page = await context.newPage();
    const errors = watchErrors(page);
    const sockets: WebSocket[] = [];
    page.on('websocket', (ws) => void sockets.push(ws));
    await openFromHome(page, courseName);
    await page.getByRole('link', { name: 'Konto' }).click();
    const button = page.getByRole('button', { name: 'Logg ut på alle andre enheter' });
    await button.waitFor();
    const open = sockets.filter((ws) => !ws.isClosed());
    expect(open.length).toBeGreaterThan(0);

    // Every session of Anne's ends, this phone gets a fresh cookie, and the server closes the socket opened
    // with the old one (4401): the app asks who the cookie is now, and it is still Anne.
    const asked = page.waitForResponse((res) => res.url().includes('auth.session'));
    await button.click();
    await page.getByText('Alle andre enheter er logget ut.').waitFor();
    await expect.poll(() => open.every((ws) => ws.isClosed())).toBe(true);
    expect((await asked).status()).toBe(200);
    await page.waitForTimeout(500);

    expect(new URL(page.url()).pathname).toBe('/konto');
    await page.getByText('Alle andre enheter er logget ut.').waitFor();
    const kept = await keptOf(page, anne, courseName);
    expect(kept.remembered).toBe(true);
    expect(kept.entries.some((e) => e.startsWith('rounds '))).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });
});
