import { eq } from 'drizzle-orm';
import type { Browser, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { UserRow } from '../../server/auth/users';
import { roundEvent, tournamentEvent } from '../../server/db/schema';
import { callerAs } from '../helpers/caller';
import { createUser } from '../helpers/factories';
import { codeIn } from '../helpers/mail';
import { createTournamentFixture } from '../helpers/tournaments';
import { demoCourse } from '../rounds/helpers';
import { screenshots, type AppUnderTest } from './harness';
import { expectAccessible, lastMailId, signedInContext, useAppAndBrowser, waitForMail, watchErrors } from './support';

/** The other browser tests block the service worker (harness.ts); these are about it. */
const WITH_WORKER = { serviceWorkers: 'allow' } as const;

/** What the app keeps in this browser: saved rounds, outboxes, the remembered user (client/src/offline/). */
async function offlineData(page: Page) {
  return page.evaluate(async () => {
    const user = localStorage.getItem('hullvis.sist-innlogget');
    // Opening a database that is not there would create it: ask first.
    if (!(await indexedDB.databases()).some((d) => d.name === 'hullvis')) return { rounds: 0, outboxes: 0, user };
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open('hullvis');
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    const count = (store: string) =>
      new Promise<number>((resolve) => {
        const request = db.transaction(store).objectStore(store).count();
        request.onsuccess = () => resolve(request.result);
      });
    const found = { rounds: await count('rounds'), outboxes: await count('outboxes'), user };
    db.close();
    return found;
  });
}

/** The service worker has installed (the shell is precached) and controls the page. */
async function workerInControl(page: Page): Promise<void> {
  await page.evaluate(() => navigator.serviceWorker.ready);
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
}

describe('offline first: an installable app whose scorecard works without network', () => {
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

  /** The score writes the server recorded for the round, in the order it wrote them (its event log). */
  async function scoreWrites(roundId: string) {
    const events = await app.deps.db
      .select({ payload: roundEvent.payload })
      .from(roundEvent)
      .where(eq(roundEvent.roundId, roundId))
      .orderBy(roundEvent.id);
    return events
      .map((e) => e.payload as { type: string; participantId: string; hole: number; strokes: number })
      .filter((e) => e.type === 'score');
  }

  /** Olga's phone (the service worker allowed) on hole 1 of the round, live. */
  async function scorecardOnPhone(olga: Pick<UserRow, 'id' | 'sessionVersion'>, roundId: string) {
    const context = await signedInContext(browser, app, olga, WITH_WORKER);
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto(`${app.url}/runder/${roundId}?hull=1`);
    await page.getByTestId('connection').filter({ hasText: 'Direkte' }).waitFor();
    return { context, page, errors };
  }

  /** A stroke round of Olga's with a guest, each on a side of their own. */
  async function olgasRound(email?: string) {
    const olga = await createUser(app.deps.db, {
      name: 'Offline Olga',
      handicapIndex: 14,
      ...(email ? { email } : {}),
    });
    const asOlga = (await callerAs(app.deps, olga)).caller;
    const round = await asOlga.rounds.create({
      courseId,
      teeId,
      playedOn: '2026-06-20',
      format: 'stroke',
      holes: '18',
    });
    const ids: Record<string, string> = {};
    for (const [name, who] of [
      ['Offline Olga', { userId: olga.id }],
      ['Gjest Gro', { guest: { name: 'Gjest Gro', handicapIndex: 28 } }],
    ] as const) {
      const side = await asOlga.rounds.addSide({ roundId: round.id, name });
      ids[name] = (await asOlga.rounds.addParticipant({ roundId: round.id, sideId: side.id, ...who })).id;
    }
    return { olga, asOlga, roundId: round.id, ids };
  }

  const plus = (page: Page, name: string) => page.getByRole('button', { name: `Ett slag mer for ${name}` });
  const cell = (page: Page, name: string, hole: number) => page.getByLabel(`Slag for ${name} på hull ${hole}`);
  const waiting = (page: Page) => page.getByTestId('waiting-scores');

  it('is installable: a valid web manifest with its icons, and an active service worker on the sign-in page', async () => {
    const context = await browser.newContext(WITH_WORKER);
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto(`${app.url}/login`);
    await workerInControl(page);
    const registration = () =>
      page.evaluate(async () => {
        const r = await navigator.serviceWorker.getRegistration();
        return { script: r?.active?.scriptURL, state: r?.active?.state, scope: r?.scope };
      });
    // It takes control while activating; activated follows a moment later.
    await expect.poll(registration).toEqual({ script: `${app.url}/sw.js`, state: 'activated', scope: `${app.url}/` });

    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    const res = await page.request.get(new URL(href!, app.url).toString());
    expect(res.headers()['content-type']).toContain('application/manifest+json');
    const manifest = await res.json();
    expect(manifest).toMatchObject({
      name: 'Hullvis',
      short_name: 'Hullvis',
      lang: 'nb',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      theme_color: '#1f5f3a',
    });
    const icons = manifest.icons as { src: string; sizes: string; type: string; purpose: string }[];
    expect(icons.map((i) => [i.sizes, i.purpose])).toEqual([
      ['192x192', 'any'],
      ['512x512', 'any'],
      ['512x512', 'maskable'],
    ]);
    for (const icon of icons) {
      const image = await page.request.get(new URL(icon.src, app.url).toString());
      expect(image.status(), icon.src).toBe(200);
      expect(image.headers()['content-type']).toBe('image/png');
      const size = await page.evaluate(async (src) => {
        const bitmap = await createImageBitmap(await (await fetch(src)).blob());
        return `${bitmap.width}x${bitmap.height}`;
      }, icon.src);
      expect(size).toBe(icon.sizes);
    }
    // The worker is never kept in a cache for long: a new release reaches every phone.
    expect((await page.request.get(`${app.url}/sw.js`)).headers()['cache-control']).toBe('no-cache');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('keeps scores typed offline through a reload and a closed tab, and delivers each exactly once when the network returns', async () => {
    const { olga, asOlga, roundId, ids } = await olgasRound();
    const { context, page: first, errors } = await scorecardOnPhone(olga, roundId);
    let page = first;
    await workerInControl(page);

    // The network goes: the line says so at once.
    await context.setOffline(true);
    await page.getByTestId('connection').filter({ hasText: 'Frakoblet' }).waitFor();
    await plus(page, 'Offline Olga').click();
    await plus(page, 'Gjest Gro').click();
    await plus(page, 'Gjest Gro').click();
    await page.getByRole('button', { name: 'Neste hull' }).click();
    await plus(page, 'Offline Olga').click();
    await expect.poll(() => waiting(page).textContent()).toContain('3 slag venter – sendes når nettet er tilbake');

    // A reload without network: the app, the round and the waiting scores are all still there.
    await page.reload();
    await page.getByTestId('connection').filter({ hasText: 'Frakoblet' }).waitFor();
    await expect.poll(() => waiting(page).textContent()).toContain('3 slag venter – sendes når nettet er tilbake');
    expect(await cell(page, 'Offline Olga', 2).inputValue()).toBe('4');
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toMatch(/Bogstad/);
    // Each row's running score counts the waiting scores, as the stepper shows them: Olga's two pars with a
    // stroke received on each are net −2, where the row said "ingen slag ennå" beside her 4.
    const running = (name: string) =>
      page.getByTestId('player-score').filter({ hasText: name }).getByTestId('running-totals').textContent();
    expect(await running('Offline Olga')).toBe('netto\u00a0\u22122');
    // So do the whole card's net and points: Olga 8 − 2 received (two net birdies, 3 points each), Gro 5 − 2.
    const footerRow = (label: string) =>
      page.getByTestId('scorecard').locator('tfoot tr').filter({ hasText: label }).locator('th, td').allTextContents();
    expect(await footerRow('Netto')).toEqual(['Netto', '6', '3']);
    expect(await footerRow('Poeng')).toEqual(['Poeng', '6', '3']);
    // The standings are the server's; until the scores are sent they say they are not in them yet.
    await page.getByTestId('standings-waiting').filter({ hasText: 'er ikke med i stillingen ennå' }).waitFor();
    await screenshots(page, 'offline-card-waiting');
    await expectAccessible(page, 'the scorecard offline with scores waiting');

    // The tab is closed and the round opened again in a new one, still without network.
    await page.close();
    page = await context.newPage();
    errors.push(...watchErrors(page));
    await page.goto(`${app.url}/runder/${roundId}?hull=1`);
    await expect.poll(() => waiting(page).textContent()).toContain('3 slag venter');
    expect(await cell(page, 'Gjest Gro', 1).inputValue()).toBe('5');
    await page.getByRole('button', { name: 'Neste hull' }).click();
    await page.getByRole('button', { name: 'Neste hull' }).click();
    await plus(page, 'Offline Olga').click();
    await expect.poll(() => waiting(page).textContent()).toContain('4 slag venter – sendes når nettet er tilbake');
    // Nothing has reached the server yet.
    const before = await asOlga.rounds.get({ roundId });
    expect(before.sides.flatMap((s) => s.participants).map((p) => p.totals.holesPlayed)).toEqual([0, 0]);

    // The network returns: every score reaches the server, in the order typed, and once.
    await context.setOffline(false);
    await expect.poll(() => waiting(page).count(), { timeout: 20_000 }).toBe(0);
    await page.getByTestId('connection').filter({ hasText: 'Direkte' }).waitFor({ timeout: 20_000 });
    // Sent: the standings count them, and the note is gone.
    await page
      .getByTestId('standing')
      .filter({ hasText: 'Offline Olga' })
      .filter({ hasText: 'etter 3 hull' })
      .waitFor();
    expect(await page.getByTestId('standings-waiting').count()).toBe(0);
    const held = (await asOlga.rounds.get({ roundId })).sides
      .flatMap((s) => s.participants)
      .flatMap((p) => p.holes.filter((h) => h.strokes !== null).map((h) => [p.name, h.hole, h.strokes]));
    expect(held.sort()).toEqual(
      [
        ['Gjest Gro', 1, 5],
        ['Offline Olga', 1, 4],
        ['Offline Olga', 2, 4],
        ['Offline Olga', 3, 3],
      ].sort(),
    );
    const writes = (await scoreWrites(roundId)).map((e) => [e.participantId, e.hole, e.strokes]);
    expect(writes).toEqual([
      [ids['Offline Olga'], 1, 4],
      [ids['Gjest Gro'], 1, 5],
      [ids['Offline Olga'], 2, 4],
      [ids['Offline Olga'], 3, 3],
    ]);
    // Nothing is left to send: the outbox in the browser is empty, the round's copy kept.
    await expect.poll(() => offlineData(page)).toMatchObject({ rounds: 1, outboxes: 0 });
    // The other player's card on the server is what this phone shows.
    expect(await cell(page, 'Offline Olga', 3).inputValue()).toBe('3');

    // Signing out wipes what the app kept about Olga in this browser.
    await page.goto(`${app.url}/konto`);
    await page.getByRole('button', { name: 'Logg ut', exact: true }).click();
    await page.waitForURL(/\/login/);
    await expect.poll(() => offlineData(page)).toEqual({ rounds: 0, outboxes: 0, user: null });
    expect(errors).toEqual([]);
    await context.close();
  });

  it('writes a score whose answer was lost once, and does not take a correction typed after it for a conflict', async () => {
    const { olga, asOlga, roundId, ids } = await olgasRound();
    const { context, page, errors } = await scorecardOnPhone(olga, roundId);
    const olgasHole1 = async () =>
      (await asOlga.rounds.get({ roundId })).sides
        .flatMap((s) => s.participants)
        .find((p) => p.id === ids['Offline Olga'])!
        .holes.find((h) => h.hole === 1)!.strokes;

    // The server writes the score, and the network drops before its answer is back.
    const isSetScore = (url: URL) => url.pathname.includes('rounds.setScore');
    let lost = 0;
    await context.route(isSetScore, async (route) => {
      await route.fetch();
      lost++;
      await route.abort('internetdisconnected');
    });
    await plus(page, 'Offline Olga').click();
    await expect.poll(() => lost).toBe(1);
    await context.unroute(isSetScore);
    await context.setOffline(true);
    expect(await olgasHole1()).toBe(4);
    await expect.poll(() => waiting(page).textContent()).toContain('1 slag venter – sendes når nettet er tilbake');

    // Olga corrects it to 5 before the network is back; the phone does not know the 4 arrived.
    await plus(page, 'Offline Olga').click();
    await context.setOffline(false);
    await expect.poll(() => waiting(page).count(), { timeout: 20_000 }).toBe(0);
    expect(await olgasHole1()).toBe(5);
    expect(await page.getByText(/en annen telefon/).count()).toBe(0);
    const writes = (await scoreWrites(roundId)).map((e) => e.strokes);
    expect(writes).toEqual([4, 5]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('wipes the saved round, the unsent scores and the remembered user when the account is deleted', async () => {
    const email = `offline-${Date.now()}@example.no`;
    const { olga, roundId } = await olgasRound(email);
    const { context, page } = await scorecardOnPhone(olga, roundId);
    await workerInControl(page);
    // A score typed without network waits in the outbox, and the server stays out of reach for it (the
    // sender goes on after the round's screen, so only a refused route keeps it unsent).
    await context.setOffline(true);
    await plus(page, 'Gjest Gro').click();
    await expect.poll(() => offlineData(page)).toMatchObject({ rounds: 1, outboxes: 1, user: expect.any(String) });
    await context.route(
      (url) => url.pathname.includes('rounds.setScore'),
      (route) => route.abort('internetdisconnected'),
    );
    await page.getByRole('link', { name: 'Konto' }).click();
    await context.setOffline(false);
    await page.getByRole('button', { name: 'Slett kontoen', exact: true }).waitFor();
    expect(await offlineData(page)).toMatchObject({ outboxes: 1 });

    const after = await lastMailId(app);
    await page.getByRole('button', { name: 'Slett kontoen', exact: true }).click();
    await page.getByRole('button', { name: 'Send kode på e-post' }).click();
    const mail = await waitForMail(app, email, /slette kontoen/, { after });
    await page.getByLabel('Slettekode fra e-posten').fill(codeIn(mail.text));
    await page.getByRole('button', { name: 'Slett kontoen for godt' }).click();
    await page.getByRole('heading', { name: 'Kontoen er slettet' }).waitFor();
    await expect.poll(() => offlineData(page)).toEqual({ rounds: 0, outboxes: 0, user: null });
    // The sender was closed with the wipe: past its retry time, it has not written the outbox back.
    await page.waitForTimeout(6_000);
    expect(await offlineData(page)).toEqual({ rounds: 0, outboxes: 0, user: null });
    await context.close();
  });

  it('sends a score typed offline when the network returns, after the player has left the round’s screen', async () => {
    const { olga, asOlga, roundId } = await olgasRound();
    const { context, page, errors } = await scorecardOnPhone(olga, roundId);
    await workerInControl(page);
    await context.setOffline(true);
    await page.getByTestId('connection').filter({ hasText: 'Frakoblet' }).waitFor();
    await plus(page, 'Gjest Gro').click();
    await expect.poll(() => waiting(page).textContent()).toContain('1 slag venter – sendes når nettet er tilbake');
    const typed = Number(await cell(page, 'Gjest Gro', 1).inputValue());
    // Olga goes to the home screen; the network comes back while she is there.
    await page.getByRole('link', { name: 'Hjem' }).click();
    await page.getByTestId('connection').waitFor({ state: 'detached' });
    await context.setOffline(false);
    const grosHole1 = async () =>
      (await asOlga.rounds.get({ roundId })).sides
        .flatMap((s) => s.participants)
        .find((p) => p.name === 'Gjest Gro')!
        .holes.find((h) => h.hole === 1)!.strokes;
    await expect.poll(grosHole1, { timeout: 15_000 }).toBe(typed);
    await expect.poll(() => offlineData(page)).toMatchObject({ outboxes: 0 });
    // Back on the round, nothing is waiting and the score is the server's.
    await page.goto(`${app.url}/runder/${roundId}?hull=1`);
    await page.getByTestId('connection').filter({ hasText: 'Direkte' }).waitFor();
    expect(await waiting(page).count()).toBe(0);
    expect(await cell(page, 'Gjest Gro', 1).inputValue()).toBe(String(typed));
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a score typed offline before the app was renamed is still there after it, and is sent once', async () => {
    const { olga, asOlga, roundId } = await olgasRound();
    const { context, page, errors } = await scorecardOnPhone(olga, roundId);
    await workerInControl(page);
    await context.setOffline(true);
    await page.getByTestId('connection').filter({ hasText: 'Frakoblet' }).waitFor();
    await plus(page, 'Gjest Gro').click();
    await expect.poll(() => waiting(page).textContent()).toContain('1 slag venter – sendes når nettet er tilbake');
    const typed = Number(await cell(page, 'Gjest Gro', 1).inputValue());

    // The browser as the app left it before its rename (decision 0022): the same data under the old names.
    await page.evaluate(async () => {
      const open = (name: string, upgrade?: (db: IDBDatabase) => void) =>
        new Promise<IDBDatabase>((resolve, reject) => {
          const request = indexedDB.open(name, 2);
          request.onupgradeneeded = () => upgrade?.(request.result);
          request.onsuccess = () => resolve(request.result);
          request.onerror = () => reject(request.error);
        });
      const done = (request: IDBRequest | IDBTransaction) =>
        new Promise<unknown>((resolve) => {
          if (request instanceof IDBTransaction) request.oncomplete = () => resolve(undefined);
          else request.onsuccess = () => resolve(request.result);
        });
      const current = await open('hullvis');
      const stores = Array.from(current.objectStoreNames);
      const old = await open('golfkortet', (db) => {
        for (const store of stores) db.createObjectStore(store);
      });
      for (const store of stores) {
        const keys = (await done(current.transaction(store).objectStore(store).getAllKeys())) as IDBValidKey[];
        const values = (await done(current.transaction(store).objectStore(store).getAll())) as unknown[];
        const tx = old.transaction(store, 'readwrite');
        for (const [i, key] of keys.entries()) tx.objectStore(store).put(values[i], key);
        await done(tx);
      }
      current.close();
      old.close();
      await done(indexedDB.deleteDatabase('hullvis'));
      for (const key of Object.keys(localStorage).filter((k) => k.startsWith('hullvis.'))) {
        localStorage.setItem(key.replace('hullvis.', 'golfkortet.'), localStorage.getItem(key)!);
        localStorage.removeItem(key);
      }
    });
    expect((await page.evaluate(() => indexedDB.databases())).map((d) => d.name)).toEqual(['golfkortet']);

    // The renamed app opens, still offline: the round and the waiting score are there, under the new names.
    await page.reload();
    await page.getByTestId('connection').filter({ hasText: 'Frakoblet' }).waitFor();
    await expect.poll(() => waiting(page).textContent()).toContain('1 slag venter');
    expect(await cell(page, 'Gjest Gro', 1).inputValue()).toBe(String(typed));
    expect((await page.evaluate(() => indexedDB.databases())).map((d) => d.name)).toEqual(['hullvis']);
    expect(await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('golfkortet.')))).toEqual([]);
    expect((await offlineData(page)).user).toContain(olga.id);

    // The network returns: the score reaches the server, once.
    await context.setOffline(false);
    await expect.poll(() => waiting(page).count(), { timeout: 20_000 }).toBe(0);
    const writes = await scoreWrites(roundId);
    expect(writes.map((w) => [w.hole, w.strokes])).toEqual([[1, typed]]);
    expect(
      (await asOlga.rounds.get({ roundId })).sides.flatMap((s) => s.participants).map((p) => p.totals.holesPlayed),
    ).toEqual([0, 1]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('keeps a tournament card’s scores typed offline through a reload and a closed tab, and delivers each once', async () => {
    const f = await createTournamentFixture(app.deps.db, { players: 2, name: `Offlinecup ${Date.now()}` });
    const [me, partner] = f.players;
    const par1 = f.holes[0]!.par;
    const cardUrl = `${app.url}/klubber/${f.organizationId}/turneringer/${f.tournamentId}/kort?hull=1`;
    const context = await signedInContext(browser, app, me!.user, WITH_WORKER);
    let page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto(cardUrl);
    await page.getByTestId('connection').filter({ hasText: 'Direkte' }).waitFor();
    await workerInControl(page);

    // Without network: my card and my partner's, whom I mark, hole 1 at par.
    await context.setOffline(true);
    await page.getByTestId('connection').filter({ hasText: 'Frakoblet' }).waitFor();
    await plus(page, 'Spiller 01').click();
    await plus(page, 'Spiller 02').click();
    await expect.poll(() => waiting(page).textContent()).toContain('2 slag venter – sendes når nettet er tilbake');

    // A reload, then a closed tab and a new one, still offline: the tournament, the cards and the scores stay.
    await page.reload();
    await page.getByTestId('connection').filter({ hasText: 'Frakoblet' }).waitFor();
    await expect.poll(() => waiting(page).textContent()).toContain('2 slag venter');
    expect(await cell(page, 'Spiller 02', 1).inputValue()).toBe(String(par1));
    await screenshots(page, 'offline-tournament-card-waiting');
    await page.close();
    page = await context.newPage();
    errors.push(...watchErrors(page));
    await page.goto(cardUrl);
    await expect.poll(() => waiting(page).textContent()).toContain('2 slag venter');
    expect(await cell(page, 'Spiller 01', 1).inputValue()).toBe(String(par1));
    // Nothing has reached the server yet.
    const scoreEvents = async () =>
      (
        await app.deps.db
          .select({ payload: tournamentEvent.payload })
          .from(tournamentEvent)
          .where(eq(tournamentEvent.tournamentId, f.tournamentId))
          .orderBy(tournamentEvent.id)
      )
        .map((e) => e.payload as { type: string; entryId: string; hole: number; strokes: number })
        .filter((e) => e.type === 'score')
        .map((e) => [e.entryId, e.hole, e.strokes]);
    expect(await scoreEvents()).toEqual([]);

    // The network returns: both scores arrive, in the order typed, each written once.
    await context.setOffline(false);
    await expect.poll(() => waiting(page).count(), { timeout: 20_000 }).toBe(0);
    await page.getByTestId('connection').filter({ hasText: 'Direkte' }).waitFor({ timeout: 20_000 });
    expect(await scoreEvents()).toEqual([
      [me!.entryId, 1, par1],
      [partner!.entryId, 1, par1],
    ]);
    expect(errors).toEqual([]);
    await context.close();
  });
});
