import { readFile } from 'node:fs/promises';
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { findUserByEmail, findUserById } from '../../server/auth/users';
import { callerAs } from '../helpers/caller';
import { createUser, uniqueEmail } from '../helpers/factories';
import { demoCourse } from '../rounds/helpers';
import { screenshots, type AppUnderTest } from './harness';
import {
  codeIn,
  expectAccessible,
  lastMailId,
  signedInContext,
  signInWithPassword,
  totpFromUri,
  useAppAndBrowser,
  waitForMail,
  watchConsole,
} from './support';

const PASSWORD = 'et langt og godt passord';

/**
 * My own data in a real browser at 390×844: "Last ned mine data" downloads the user's data as a JSON file, and
 * "Slett kontoen" deletes the account with the code from the real mail outbox (and the 2FA code when on):
 * the session ends, the app says so plainly, signing in again finds no account, and a friend's round keeps
 * the card as a guest's.
 */
describe('my own data: download and account deletion', () => {
  let app: AppUnderTest;
  let browser: Browser;
  useAppAndBrowser((started) => ({ app, browser } = started));

  /** A friend's round with `userId` in it, one hole scored for them: the data that must outlive the account. */
  async function friendsRoundWith(userId: string) {
    const friend = await createUser(app.deps.db, { name: 'Frode Venn', handicapIndex: 9.2 });
    const asFriend = (await callerAs(app.deps, friend)).caller;
    const bogstad = await demoCourse(app.deps, 'oslo-gk', 'Bogstad');
    const round = await asFriend.rounds.create({
      courseId: bogstad.course.id,
      teeId: bogstad.teeId,
      playedOn: '2026-05-08',
      format: 'stroke',
      holes: '18',
    });
    const side = await asFriend.rounds.addSide({ roundId: round.id, name: 'Lag' });
    const card = await asFriend.rounds.addParticipant({ roundId: round.id, sideId: side.id, userId });
    await asFriend.rounds.setScore({ roundId: round.id, participantId: card.id, hole: 1, strokes: 5 });
    return { asFriend, roundId: round.id, cardId: card.id };
  }

  async function requestCodeAndFill(page: Page, email: string): Promise<void> {
    const after = await lastMailId(app);
    await page.getByRole('button', { name: 'Slett kontoen', exact: true }).click();
    await page.getByRole('button', { name: 'Send kode på e-post' }).click();
    await page.getByText('Vi har sendt en kode til').waitFor();
    const mail = await waitForMail(app, email, /slette kontoen/, { after });
    await page.getByLabel('Slettekode fra e-posten').fill(codeIn(mail.text));
  }

  it('downloads my data, then deletes the account with the mailed code; the session ends and no account is left', async () => {
    const email = uniqueEmail('dina');
    const user = await createUser(app.deps.db, { email, name: 'Dina Data', handicapIndex: 15.1, password: PASSWORD });
    const friends = await friendsRoundWith(user.id);
    const context = await signedInContext(browser, app, user);
    const page = await context.newPage();
    const errors = watchConsole(page);
    const otherDevice = await signedInContext(browser, app, user);
    const otherPage = await otherDevice.newPage();
    await otherPage.goto(`${app.url}/runder`);
    await otherPage.getByRole('heading', { name: 'Runder', exact: true }).waitFor();

    await page.goto(`${app.url}/konto`);
    await page.getByRole('heading', { name: 'Mine data' }).scrollIntoViewIfNeeded();
    await expectAccessible(page, 'the account screen with own data and deletion');
    await screenshots(page, 'own-data-account');

    // The download: a JSON file with my profile and the round I played in, named by the day.
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Last ned mine data' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^golf-mine-data-\d{4}-\d{2}-\d{2}\.json$/);
    const data = JSON.parse(await readFile((await download.path())!, 'utf8'));
    expect(data.profile).toMatchObject({
      id: user.id,
      email,
      name: 'Dina Data',
      handicapIndex: 15.1,
      hasPassword: true,
    });
    expect(data.rounds.map((r: { id: string }) => r.id)).toEqual([friends.roundId]);
    expect(JSON.stringify(data)).not.toContain(user.passwordHash!);
    await page.getByText('Filen er lastet ned.').waitFor();

    // The deletion: what goes and what stays is said first; the code comes from the real outbox.
    await requestCodeAndFill(page, email);
    await expectAccessible(page, 'the deletion form with the code');
    await screenshots(page, 'own-data-delete-code');
    await page.getByRole('button', { name: 'Slett kontoen for godt' }).click();
    await page.getByRole('heading', { name: 'Kontoen er slettet' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/konto/slettet');
    await expectAccessible(page, 'the confirmation after deletion');
    await screenshots(page, 'own-data-deleted');

    // Signed out here and on the other device: the account screen sends both to the sign-in screen.
    await page.goto(`${app.url}/konto`);
    await page.getByRole('heading', { name: 'Logg inn' }).waitFor();
    await otherPage.reload();
    await otherPage.getByRole('heading', { name: 'Logg inn' }).waitFor();
    // Signing in again finds no account.
    await signInWithPassword(page, app, email, PASSWORD);
    await page.getByText('Feil e-postadresse eller passord.').waitFor();
    expect(await findUserByEmail(app.deps.db, email)).toBeNull();

    // The friend's round keeps my card, as a guest's with my name and score.
    const round = await friends.asFriend.rounds.get({ roundId: friends.roundId });
    const card = round.sides[0]!.participants.find((p) => p.id === friends.cardId)!;
    expect(card).toMatchObject({ userId: null, isGuest: true, name: 'Dina Data', handicapIndex: 15.1 });
    expect(card.totals.holesPlayed).toBe(1);
    // The refused sign-in is a 401 Chromium reports as a failed resource; nothing else went wrong.
    expect(errors.filter((e) => !/Failed to load resource/.test(e))).toEqual([]);
    await context.close();
    await otherDevice.close();
  });

  it('with 2FA on, asks for the app code too, and says plainly when a code is wrong', async () => {
    const email = uniqueEmail('tofaktor');
    const created = await createUser(app.deps.db, { email, name: 'Toril Tofaktor' });
    const { caller } = await callerAs(app.deps, created);
    const setup = await caller.twoFactor.totpSetup({});
    await caller.twoFactor.totpConfirm({ code: totpFromUri(setup.otpauthUri, app.deps.now()) });
    const user = (await findUserById(app.deps.db, created.id))!;
    const context = await signedInContext(browser, app, user);
    const page = await context.newPage();
    const errors = watchConsole(page);
    await page.goto(`${app.url}/konto`);
    await page.getByRole('heading', { name: 'Slett kontoen' }).waitFor();

    await requestCodeAndFill(page, email);
    const appCode = page.getByLabel('Kode fra appen eller gjenopprettingskode');
    // One step on: the enrolment's own code is never accepted twice.
    await appCode.fill(totpFromUri(setup.otpauthUri, app.deps.now(), 1) === '000000' ? '111111' : '000000');
    await page.getByRole('button', { name: 'Slett kontoen for godt' }).click();
    await page
      .getByText('Koden stemmer ikke. Sjekk at den er skrevet riktig. Er den utløpt eller brukt, trenger du en ny.')
      .waitFor();
    await expectAccessible(page, 'the deletion form with a wrong 2FA code');
    await screenshots(page, 'own-data-delete-2fa');
    expect(await findUserById(app.deps.db, user.id)).not.toBeNull();

    await appCode.fill(totpFromUri(setup.otpauthUri, app.deps.now(), 1));
    await page.getByRole('button', { name: 'Slett kontoen for godt' }).click();
    await page.getByRole('heading', { name: 'Kontoen er slettet' }).waitFor();
    expect(await findUserById(app.deps.db, user.id)).toBeNull();
    expect(errors.filter((e) => !/Failed to load resource/.test(e))).toEqual([]);
    await context.close();
  });
});
