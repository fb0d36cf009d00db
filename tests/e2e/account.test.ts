import type { Browser } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { createUser, uniqueEmail } from '../helpers/factories';
import { newPhoneContext, screenshots, type AppUnderTest } from './harness';
import {
  codeIn,
  lastMailId,
  signInWithPassword,
  useAppAndBrowser,
  waitForMail,
  watchErrors,
  signedInContext,
} from './support';

const PASSWORD = 'et langt og godt passord';

describe('account settings in a real browser', () => {
  let app: AppUnderTest;
  let browser: Browser;
  useAppAndBrowser((started) => ({ app, browser } = started));

  /** A browser context already signed in as `user` (the cookie as the server would set it). */
  const signedIn = (user: { id: string; sessionVersion: number }) => signedInContext(browser, app, user);

  it('is usable with the keyboard alone: sign in by code, focus moving to each new screen', async () => {
    const email = uniqueEmail('tastatur');
    const context = await newPhoneContext(browser, { hasTouch: false, isMobile: false });
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto(`${app.url}/login`);
    await page.getByRole('heading', { name: 'Logg inn' }).waitFor();
    // The screen's heading has focus: a screen reader announces it; Tab goes on from there.
    expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('H1');
    await page.keyboard.press('Tab'); // the language switch: "Norsk"
    await page.keyboard.press('Tab'); // "English"
    await page.keyboard.press('Tab'); // "Lenke på e-post"
    await page.keyboard.press('Tab'); // "Passord"
    await page.keyboard.press('Tab'); // e-mail field
    expect(await page.evaluate(() => (document.activeElement as HTMLInputElement).name)).toBe('email');
    const after = await lastMailId(app);
    await page.keyboard.type(email);
    await page.keyboard.press('Enter');
    const code = codeIn((await waitForMail(app, email, /Logg inn/, { after })).text);
    await page.getByLabel('Kode fra e-posten').waitFor();
    expect(await page.evaluate(() => (document.activeElement as HTMLInputElement).name)).toBe('code');
    await page.keyboard.type(code);
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Velkommen til Hullvis' }).waitFor();
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Velkommen til Hullvis');
    // The skip link is reachable backwards from the content, and leads to it.
    let reached = false;
    for (let i = 0; i < 10 && !reached; i += 1) {
      await page.keyboard.press('Shift+Tab');
      reached = (await page.evaluate(() => document.activeElement?.textContent)) === 'Hopp til innholdet';
    }
    expect(reached).toBe(true);
    await page.keyboard.press('Enter');
    // The link's navigation lands after the key press returns: wait for it rather than read it at once.
    await expect.poll(() => new URL(page.url()).hash).toBe('#innhold');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('saves the profile, shows the server’s messages at the fields, and sets a password used to sign in', async () => {
    const user = await createUser(app.deps.db, { name: 'Profil Pia' });
    const context = await signedIn(user);
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto(`${app.url}/konto`);
    await page.getByRole('heading', { name: 'Konto', exact: true }).waitFor();

    const index = page.getByLabel('Handicapindeks');
    await index.fill('60');
    await page.getByRole('button', { name: 'Lagre profil' }).click();
    await page.getByText('Handicapindeksen kan ikke være over 54,0.').waitFor();
    expect(await index.getAttribute('aria-invalid')).toBe('true');
    await index.fill('+2,1');
    await page.getByLabel('Navn').fill('Pia Profil');
    await page.getByRole('button', { name: 'Lagre profil' }).click();
    await page.getByText('Profilen er lagret.').waitFor();
    await page.getByRole('link', { name: 'Hjem' }).click();
    await page.getByText('handicapindeks +2,1').waitFor();
    await page.getByRole('link', { name: 'Konto' }).click();

    // No password yet: too short is the server's message at the field; then a good one.
    const newPassword = page.getByLabel('Nytt passord');
    await newPassword.fill('kort');
    await page.getByRole('button', { name: 'Lagre passord' }).click();
    await page.getByText('Passordet må ha minst 10 tegn.').waitFor();
    await newPassword.fill(PASSWORD);
    await page.getByRole('button', { name: 'Lagre passord' }).click();
    await page.getByText('Passordet er lagret. Andre enheter er logget ut.').waitFor();
    await screenshots(page, 'account-profile');

    const other = await newPhoneContext(browser);
    const otherPage = await other.newPage();
    await signInWithPassword(otherPage, app, user.email, PASSWORD);
    await otherPage.getByRole('heading', { name: 'Hei, Pia Profil' }).waitFor();
    await other.close();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('adds an address confirmed by its code, removes it, and signs out every other device', async () => {
    const user = await createUser(app.deps.db, { name: 'Adresse Anne' });
    const context = await signedIn(user);
    const page = await context.newPage();
    const errors = watchErrors(page);
    const elsewhere = await signedIn(user);
    const elsewherePage = await elsewhere.newPage();
    await elsewherePage.goto(`${app.url}/klubber`);
    await elsewherePage.getByRole('heading', { name: 'Klubber', exact: true }).waitFor();

    await page.goto(`${app.url}/konto`);
    const second = uniqueEmail('ekstra');
    const after = await lastMailId(app);
    await page.getByLabel('Legg til en adresse').fill(second);
    await page.getByRole('button', { name: 'Send bekreftelse' }).first().click();
    await page.getByText(`Vi har sendt en bekreftelse til ${second}`).waitFor();
    const code = codeIn((await waitForMail(app, second, /Bekreft ny e-postadresse/, { after })).text);
    await page.getByLabel('Kode fra e-posten').fill(code);
    await page.getByRole('button', { name: 'Bekreft adressen' }).click();
    await page.getByText('Adressen er lagt til.').waitFor();
    await page.getByText(second).waitFor();
    await page.getByRole('button', { name: `Fjern ${second}` }).click();
    await expect.poll(() => page.getByText(second).count()).toBe(0);

    await page.getByRole('button', { name: 'Logg ut på alle andre enheter' }).click();
    await page.getByText('Alle andre enheter er logget ut. Du er fortsatt innlogget her.').waitFor();
    // The other device finds out on its next request and lands on the sign-in screen.
    await elsewherePage.getByRole('link', { name: 'Konto' }).click();
    await elsewherePage.getByRole('heading', { name: 'Logg inn' }).waitFor();
    // This device goes on.
    await page.reload();
    await page.getByRole('heading', { name: 'Konto', exact: true }).waitFor();
    expect(errors).toEqual([]);
    await elsewhere.close();
    await context.close();
  });

  it('merges another account after its mailed code, and names an unknown address at the field', async () => {
    const user = await createUser(app.deps.db, { name: 'Behold Bjørn' });
    const other = await createUser(app.deps.db, { name: 'Gammel Bjørn' });
    const context = await signedIn(user);
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto(`${app.url}/konto`);
    const field = page.getByLabel('E-postadressen til den andre kontoen');
    await field.fill(uniqueEmail('finnes-ikke'));
    await page.getByRole('button', { name: 'Send bekreftelse' }).last().click();
    await page.getByText('Ingen konto har denne e-postadressen.').waitFor();
    expect(await field.getAttribute('aria-invalid')).toBe('true');

    const after = await lastMailId(app);
    await field.fill(other.email);
    await page.getByRole('button', { name: 'Send bekreftelse' }).last().click();
    const code = codeIn((await waitForMail(app, other.email, /sammenslåing/, { after })).text);
    await page.getByLabel('Kode fra e-posten').fill(code);
    await page.getByRole('button', { name: 'Slå sammen' }).click();
    await page.getByText(/Kontoene er slått sammen/).waitFor();
    // The merged account's address is now one of ours.
    await page.getByText(other.email).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('gives a super administrator the operator screen, and refuses it to anyone else', async () => {
    const operator = await createUser(app.deps.db, { name: 'Drift Dina', isSuperAdmin: true });
    const someone = await createUser(app.deps.db, { name: 'Vanlig Viggo' });
    const context = await signedIn(operator);
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto(`${app.url}/konto`);
    await page.getByRole('link', { name: /Brukere og klubber/ }).click();
    await page.getByRole('heading', { name: 'Drift' }).waitFor();
    await page.getByLabel('Søk etter navn eller e-post').fill('Viggo');
    const row = page.getByRole('listitem').filter({ hasText: 'Vanlig Viggo' });
    await row.waitFor();
    await screenshots(page, 'operator');
    await row.getByRole('button', { name: 'Logg ut overalt' }).click();
    await page.getByText('Brukeren er logget ut på alle enheter.').waitFor();

    // Twenty-one matches page over two pages of twenty (sorted by address: the 21st is on page two).
    for (let i = 10; i <= 30; i++)
      await createUser(app.deps.db, { name: `Sidespiller ${i}`, email: `sidespiller-${i}@example.no` });
    await page.getByLabel('Søk etter navn eller e-post').fill('Sidespiller');
    await page.getByText('Side 1 av 2').waitFor();
    expect(await page.getByRole('button', { name: 'Forrige' }).isDisabled()).toBe(true);
    await page.getByRole('button', { name: 'Neste' }).click();
    await page.getByText('Side 2 av 2').waitFor();
    await page.getByText('Sidespiller 30').first().waitFor();
    expect(await page.getByRole('button', { name: 'Neste' }).isDisabled()).toBe(true);
    await context.close();
    const viggo = await signedIn(someone);
    const viggoPage = await viggo.newPage();
    await viggoPage.goto(`${app.url}/`);
    await viggoPage.getByRole('heading', { name: 'Logg inn' }).waitFor();
    await viggo.close();

    // Viggo was just signed out everywhere: another ordinary user tries the page.
    const plain = await signedIn(await createUser(app.deps.db, { name: 'Vanlig Vera' }));
    const page2 = await plain.newPage();
    await page2.goto(`${app.url}/drift`);
    await page2.getByText('Dette krever superadministrator.').waitFor();
    expect(await page2.getByRole('link', { name: /Brukere og klubber/ }).count()).toBe(0);
    await plain.close();
    expect(errors).toEqual([]);
  });
});
