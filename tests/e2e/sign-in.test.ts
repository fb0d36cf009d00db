import type { Browser } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { addMember, createOrganization, createUser, uniqueEmail } from '../helpers/factories';
import { newPhoneContext, screenshots, type AppUnderTest } from './harness';
import {
  codeIn,
  lastMailId,
  linkIn,
  signInWithMagicLink,
  signInWithPassword,
  totpFromUri,
  useAppAndBrowser,
  waitForMail,
  watchErrors,
} from './support';

const PASSWORD = 'riktig hest batteri stift';

describe('signing in, in a real browser', () => {
  let app: AppUnderTest;
  let browser: Browser;
  useAppAndBrowser((started) => ({ app, browser } = started));

  it('signs in with the magic link from the development outbox, after one click on the landing page', async () => {
    const context = await newPhoneContext(browser);
    const page = await context.newPage();
    const errors = watchErrors(page);
    const email = uniqueEmail('lenke');

    await page.goto(`${app.url}/klubber`);
    // Sent to sign in, carrying the wanted page.
    await expect.poll(() => new URL(page.url()).pathname).toBe('/login');
    // The screen is its own chunk: wait for it, so the screenshot shows the screen and not the spinner.
    await page.getByLabel('E-postadresse').waitFor();
    await screenshots(page, 'login');
    const after = await lastMailId(app);
    await page.getByLabel('E-postadresse').fill(email);
    await page.getByRole('button', { name: 'Send innloggingslenke' }).click();
    await page.getByText(`Vi har sendt en innloggingslenke til ${email}`).waitFor();
    // The cooldown is visible and the resend button waits for it.
    await expect
      .poll(() => page.getByTestId('cooldown').textContent())
      .toMatch(/Du kan be om en ny lenke om \d+ sekunder \(0:\d\d\)/);
    expect(await page.getByRole('button', { name: /Send ny lenke \(0:\d\d\)/ }).isDisabled()).toBe(true);
    await screenshots(page, 'login-link-sent');

    const mail = await waitForMail(app, email, /Logg inn/, { after });
    const link = linkIn(mail.text, '/login/verify?token=');
    await page.goto(link);
    await page.getByRole('heading', { name: 'Bekreft innlogging' }).waitFor();
    // Opening the link signed no one in: the service still says "not signed in".
    expect(await page.evaluate(async () => (await fetch('/auth/me')).status)).toBe(401);
    await screenshots(page, 'login-verify');
    await page.getByRole('button', { name: 'Logg inn' }).click();
    // A new account has no name yet: the home screen asks for it (tests/e2e/new-user.test.ts).
    await page.getByRole('heading', { name: 'Velkommen til Hullvis' }).waitFor();
    expect(await page.evaluate(async () => (await fetch('/auth/me')).status)).toBe(200);
    await screenshots(page, 'home');

    // The same link a second time: the Norwegian "invalid link" message, and a way to ask for a new one.
    // A Norwegian browser (an English one would get the app, and this message, in English).
    const second = await browser.newContext({ locale: 'nb-NO' });
    const other = await second.newPage();
    await other.goto(link);
    await other.getByRole('button', { name: 'Logg inn' }).click();
    await other.getByText('Lenken eller koden er ugyldig eller utløpt. Be om en ny.').waitFor();
    await other.getByRole('link', { name: 'Be om en ny innloggingslenke' }).waitFor();
    await second.close();

    expect(errors).toEqual([]);
    await context.close();
  });

  it('starts the sign-in screen afresh after a sign-in by link and a sign-out; a request in the cooldown counts down for the same address', async () => {
    const context = await newPhoneContext(browser);
    const page = await context.newPage();
    const errors = watchErrors(page);
    const email = uniqueEmail('igjen');
    await page.goto(`${app.url}/login`);
    const after = await lastMailId(app);
    await page.getByLabel('E-postadresse').fill(email);
    await page.getByRole('button', { name: 'Send innloggingslenke' }).click();
    await page.getByText(`Vi har sendt en innloggingslenke til ${email}`).waitFor();
    // The link opened in this same tab signs in.
    const link = linkIn((await waitForMail(app, email, /Logg inn/, { after })).text, '/login/verify?token=');
    await page.goto(link);
    await page.getByRole('button', { name: 'Logg inn' }).click();
    await page.getByRole('heading', { name: 'Velkommen til Hullvis' }).waitFor();

    // Signed out, the screen is the first one again: no "sent" notice, no field for a code already used.
    await page.getByRole('link', { name: 'Konto' }).click();
    await page.getByRole('button', { name: 'Logg ut', exact: true }).click();
    await page.getByRole('heading', { name: 'Logg inn' }).waitFor();
    await page.getByLabel('E-postadresse').waitFor();
    expect(await page.getByText('Vi har sendt en innloggingslenke').count()).toBe(0);
    expect(await page.getByLabel('Kode fra e-posten').count()).toBe(0);

    // Asking again inside the address's cooldown says how long to wait, counting down, for that address.
    await page.getByLabel('E-postadresse').fill(email);
    await page.getByRole('button', { name: 'Send innloggingslenke' }).click();
    await expect
      .poll(() => page.getByTestId('cooldown').textContent())
      .toMatch(
        new RegExp(
          `En lenke til ${email.replace(/[.]/g, '\\.')} ble nettopp sendt\\. Du kan be om en ny om \\d+ sekunder \\(0:\\d\\d\\)`,
        ),
      );
    expect(await page.getByText('For mange forsøk').count()).toBe(0);
    expect(await page.getByRole('button', { name: /Send lenke \(0:\d\d\)/ }).isDisabled()).toBe(true);
    expect(await page.getByLabel('E-postadresse').inputValue()).toBe(email);
    await screenshots(page, 'login-cooldown-again');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('signs in with the six-digit code from the same mail, showing a wrong code next to the field', async () => {
    const context = await newPhoneContext(browser);
    const page = await context.newPage();
    const errors = watchErrors(page);
    const email = uniqueEmail('kode');
    const after = await lastMailId(app);
    await page.goto(`${app.url}/login`);
    await page.getByLabel('E-postadresse').fill(email);
    await page.getByRole('button', { name: 'Send innloggingslenke' }).click();
    const code = codeIn((await waitForMail(app, email, /Logg inn/, { after })).text);
    const codeField = page.getByLabel('Kode fra e-posten');
    expect(await codeField.getAttribute('autocomplete')).toBe('one-time-code');
    expect(await codeField.getAttribute('inputmode')).toBe('numeric');
    // The code field has focus: the user can type at once.
    expect(await codeField.evaluate((el) => el === document.activeElement)).toBe(true);

    const wrong = code === '000000' ? '111111' : '000000';
    await codeField.fill(wrong);
    await page.getByRole('button', { name: 'Logg inn med koden' }).click();
    await page
      .getByText(
        'Koden stemmer ikke. Sjekk at koden og e-postadressen er skrevet riktig. Er koden utløpt eller brukt, be om en ny.',
      )
      .waitFor();
    expect(await codeField.getAttribute('aria-invalid')).toBe('true');
    await screenshots(page, 'login-code-wrong');

    await codeField.fill(code);
    await page.getByRole('button', { name: 'Logg inn med koden' }).click();
    // A new account has no name yet: the home screen asks for it (tests/e2e/new-user.test.ts).
    await page.getByRole('heading', { name: 'Velkommen til Hullvis' }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('signs in with e-mail and password; wrong password and the cookie stays out of JavaScript', async () => {
    const user = await createUser(app.deps.db, { name: 'Passord Per', password: PASSWORD });
    const context = await newPhoneContext(browser);
    const page = await context.newPage();
    const errors = watchErrors(page);

    await signInWithPassword(page, app, user.email, 'feil passord her');
    const passwordField = page.getByLabel('Passord', { exact: true });
    await page.getByText('Feil e-postadresse eller passord.').waitFor();
    expect(await passwordField.getAttribute('aria-invalid')).toBe('true');
    await screenshots(page, 'login-password-wrong');

    await passwordField.fill(PASSWORD);
    await page.getByRole('button', { name: 'Logg inn', exact: true }).click();
    await page.getByRole('heading', { name: 'Hei, Passord Per' }).waitFor();

    // HttpOnly: the session cookie exists, and JavaScript in the page cannot read it.
    const cookies = await context.cookies();
    const session = cookies.find((c) => c.name === 'service_session');
    expect(session).toMatchObject({ httpOnly: true, sameSite: 'Lax', secure: false, path: '/' });
    expect(session!.expires - Date.now() / 1000).toBeGreaterThan(29 * 24 * 3600);
    expect(await page.evaluate(() => document.cookie)).not.toContain('service_session');

    // Signing out clears the cookie and returns to the sign-in screen.
    await page.getByRole('link', { name: 'Konto' }).click();
    await page.getByRole('button', { name: 'Logg ut', exact: true }).click();
    await page.getByRole('heading', { name: 'Logg inn' }).waitFor();
    expect((await context.cookies()).find((c) => c.name === 'service_session')).toBeUndefined();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('makes an owner without 2FA enrol with TOTP (code from the URI on screen), save recovery codes, then verify on the next sign-in', async () => {
    const user = await createUser(app.deps.db, { name: 'Eier Eva', password: PASSWORD });
    const org = await createOrganization(app.deps.db, 'Eiernes GK');
    await addMember(app.deps.db, org.id, user.id, 'owner');
    const context = await newPhoneContext(browser);
    const page = await context.newPage();
    const errors = watchErrors(page);

    await signInWithPassword(page, app, user.email, PASSWORD);
    await page.getByRole('heading', { name: 'Slå på tofaktor' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/login/oppsett-2fa');
    await page.getByTestId('enrol-countdown').waitFor();
    // Ordinary pages are closed to an enrolling session.
    expect(await page.evaluate(async () => (await fetch('/auth/me')).status)).toBe(401);
    await screenshots(page, 'enrol-choose');

    await page.getByRole('button', { name: 'Bruk autentiseringsapp (anbefalt)' }).click();
    const uri = (await page.getByTestId('otpauth-link').getAttribute('href'))!;
    expect(uri).toMatch(/^otpauth:\/\/totp\//);
    await page.getByRole('img', { name: 'QR-kode for autentiseringsappen' }).waitFor();
    // The secret for manual entry is the URI's, in groups of four.
    const secret = new URL(uri).searchParams.get('secret')!;
    expect((await page.getByTestId('totp-secret').textContent())!.replace(/ /g, '')).toBe(secret.toUpperCase());
    expect(await page.getByTestId('totp-secret').textContent()).toMatch(/^([A-Z2-7]{4} )+[A-Z2-7]{1,4}$/);
    await screenshots(page, 'enrol-totp');

    await page.getByLabel('Sekssifret kode fra appen').fill(totpFromUri(uri, app.deps.now()));
    await page.getByRole('button', { name: 'Bekreft og slå på' }).click();
    await page.getByRole('heading', { name: 'Gjenopprettingskoder' }).waitFor();
    const codes = await page.getByTestId('recovery-codes').locator('li').allTextContents();
    expect(codes).toHaveLength(10);
    const proceed = page.getByRole('button', { name: 'Fortsett til Hullvis' });
    expect(await proceed.isDisabled()).toBe(true);
    // Disabled, with what it waits for beside it, said with the button to a screen reader too.
    const why = page.getByTestId('disabled-reason');
    expect(await why.textContent()).toBe('Kryss av over når kodene er lagret.');
    expect(await proceed.getAttribute('aria-describedby')).toBe(await why.getAttribute('id'));
    await screenshots(page, 'enrol-recovery-codes');
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Last ned som fil' }).click();
    expect((await download).suggestedFilename()).toBe('hullvis-gjenopprettingskoder.txt');
    await page.getByLabel('Jeg har lagret gjenopprettingskodene et trygt sted').check();
    await why.waitFor({ state: 'detached' });
    await proceed.click();
    await page.getByRole('heading', { name: 'Hei, Eier Eva' }).waitFor();
    expect(await page.evaluate(async () => (await fetch('/auth/me')).status)).toBe(200);
    // The owner is not offered to turn two-factor off only to be refused after typing a code: the button
    // is there, disabled, with the reason beside it.
    await page.getByRole('link', { name: 'Konto' }).click();
    await page
      .getByTestId('two-factor-required')
      .getByText('Du er eier eller administrator i Eiernes GK, og da må tofaktor være på.', { exact: false })
      .waitFor();
    const turnOff = page.getByRole('button', { name: 'Slå av', exact: true });
    expect(await turnOff.isDisabled()).toBe(true);
    expect(await turnOff.getAttribute('aria-describedby')).toBe('two-factor-required');
    await screenshots(page, 'account-two-factor-required');
    await context.close();

    // Next sign-in: pending_2fa, a wrong code shown at the field, then the next TOTP step.
    const again = await newPhoneContext(browser);
    const page2 = await again.newPage();
    const errors2 = watchErrors(page2);
    await signInWithPassword(page2, app, user.email, PASSWORD);
    await page2.getByRole('heading', { name: 'Tofaktorkode' }).waitFor();
    expect(new URL(page2.url()).pathname).toBe('/login/2fa');
    await expect
      .poll(() => page2.getByTestId('pending-countdown').textContent())
      .toMatch(/Innloggingen utløper om [45]:\d\d/);
    const codeField = page2.getByLabel('Kode', { exact: true });
    expect(await codeField.getAttribute('autocomplete')).toBe('one-time-code');
    expect(await codeField.getAttribute('inputmode')).toBe('numeric');
    const right = totpFromUri(uri, app.deps.now(), 1);
    await page2.getByTestId('disabled-reason').filter({ hasText: 'Skriv inn de seks sifrene først.' }).waitFor();
    await codeField.fill(right === '123456' ? '654321' : '123456');
    await page2.getByTestId('disabled-reason').waitFor({ state: 'detached' });
    await page2.getByRole('button', { name: 'Bekreft' }).click();
    await page2
      .getByText('Koden stemmer ikke. Sjekk at den er skrevet riktig. Er den utløpt eller brukt, trenger du en ny.')
      .waitFor();
    expect(await codeField.getAttribute('aria-invalid')).toBe('true');
    await screenshots(page2, 'two-factor-wrong');
    await codeField.fill(right);
    await page2.getByRole('button', { name: 'Bekreft' }).click();
    await page2.getByRole('heading', { name: 'Hei, Eier Eva' }).waitFor();

    // A recovery code works too, once.
    await again.close();
    const third = await newPhoneContext(browser);
    const page3 = await third.newPage();
    await signInWithPassword(page3, app, user.email, PASSWORD);
    await page3.getByRole('button', { name: 'Bruk en gjenopprettingskode' }).click();
    const recoveryField = page3.getByLabel('Gjenopprettingskode');
    expect(await recoveryField.getAttribute('inputmode')).toBe('text');
    await recoveryField.fill(codes[0]!);
    await page3.getByRole('button', { name: 'Bekreft' }).click();
    await page3.getByRole('heading', { name: 'Hei, Eier Eva' }).waitFor();
    await third.close();

    expect([...errors, ...errors2]).toEqual([]);
  });

  it('asks an e-mail-method account for the code mailed with the sign-in, and sends a new one on request', async () => {
    // Enrol e-mail 2FA through the account settings first.
    const user = await createUser(app.deps.db, { name: 'Epost Elin', password: PASSWORD });
    const context = await newPhoneContext(browser);
    const page = await context.newPage();
    const errors = watchErrors(page);
    await signInWithPassword(page, app, user.email, PASSWORD);
    await page.getByRole('heading', { name: 'Hei, Epost Elin' }).waitFor();
    await page.goto(`${app.url}/konto`);
    await page.getByRole('button', { name: 'Slå på tofaktor' }).click();
    let after = await lastMailId(app);
    await page.getByRole('button', { name: 'Få kode på e-post' }).click();
    const setupCode = codeIn((await waitForMail(app, user.email, /Bekreft tofaktor/, { after })).text);
    await page.getByLabel('Kode fra e-posten').fill(setupCode);
    await page.getByRole('button', { name: 'Bekreft og slå på' }).click();
    await page.getByTestId('recovery-codes').waitFor();
    await page.getByLabel('Jeg har lagret gjenopprettingskodene et trygt sted').check();
    await page.getByRole('button', { name: 'Ferdig' }).click();
    await page.getByText('På: Kode på e-post').waitFor();
    await screenshots(page, 'account');
    await context.close();

    const again = await newPhoneContext(browser);
    const page2 = await again.newPage();
    after = await lastMailId(app);
    await signInWithPassword(page2, app, user.email, PASSWORD);
    await page2.getByText(`Vi har sendt en sekssifret kode til ${user.email}`).waitFor();
    const first = codeIn((await waitForMail(app, user.email, /Innloggingskode/, { after })).text);
    await screenshots(page2, 'two-factor-email');
    // "Send ny kode": a new code replaces the first one.
    after = await lastMailId(app);
    await page2.getByRole('button', { name: 'Send ny kode' }).click();
    await page2.getByText('Ny kode er sendt. Den gjelder i 10 minutter.').waitFor();
    expect(await page2.getByRole('button', { name: /Send ny kode \(om \d+ sekunder\)/ }).isDisabled()).toBe(true);
    const code = codeIn((await waitForMail(app, user.email, /Innloggingskode/, { after })).text);
    if (code !== first) {
      await page2.getByLabel('Kode', { exact: true }).fill(first);
      await page2.getByRole('button', { name: 'Bekreft' }).click();
      await page2
        .getByText('Koden stemmer ikke. Sjekk at den er skrevet riktig. Er den utløpt eller brukt, trenger du en ny.')
        .waitFor();
    }
    await page2.getByLabel('Kode', { exact: true }).fill(code);
    await page2.getByRole('button', { name: 'Bekreft' }).click();
    await page2.getByRole('heading', { name: 'Hei, Epost Elin' }).waitFor();
    expect(errors).toEqual([]);
    await again.close();
  });

  it('creates an organization, invites a member who signs in from a second browser and finds it', async () => {
    const owner = await createUser(app.deps.db, { name: 'Klubb Kari', password: PASSWORD });
    const ownerContext = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'nb-NO' });
    const page = await ownerContext.newPage();
    const errors = watchErrors(page);
    await signInWithPassword(page, app, owner.email, PASSWORD);
    await page.getByRole('heading', { name: 'Hei, Klubb Kari' }).waitFor();
    await page.getByRole('link', { name: 'Klubber' }).first().click();
    await page.getByText('Du er ikke med i noen klubb ennå').waitFor();
    await screenshots(page, 'orgs-empty');

    // An empty name: the server's Norwegian message under the field.
    await page.getByRole('button', { name: 'Lag klubb' }).click();
    await page.getByText('Navnet kan ikke være tomt.').waitFor();
    await page.getByLabel('Navn på klubben').fill('Fjellvik Golfklubb');
    await page.getByRole('button', { name: 'Lag klubb' }).click();
    await page.getByRole('heading', { name: 'Fjellvik Golfklubb' }).waitFor();

    const invitee = uniqueEmail('invitert');
    const after = await lastMailId(app);
    await page.getByLabel('E-postadresse').fill(invitee);
    await page.getByRole('button', { name: 'Inviter' }).click();
    await page.getByText(`Invitasjon sendt til ${invitee}. Hen blir med når hen logger inn.`).waitFor();
    await page.getByText(`Klubb Kari inviterte ${invitee} som medlem`).waitFor();
    await screenshots(page, 'org-admin');
    const invitation = await waitForMail(app, invitee, /Invitasjon/, { after });
    expect(invitation.text).toContain('/klubber/bli-med?token=');

    // The invitee signs in (a new account) in another browser context: the invitation joins on sign-in.
    const memberContext = await newPhoneContext(browser);
    const memberPage = await memberContext.newPage();
    const memberErrors = watchErrors(memberPage);
    await signInWithMagicLink(memberPage, app, invitee);
    await memberPage.getByRole('heading', { name: 'Velkommen til Hullvis' }).waitFor();
    // The invitation's own link, opened afterwards: signing in has joined already, and the page says so.
    await memberPage.goto(linkIn(invitation.text, '/klubber/bli-med?token='));
    await memberPage.getByRole('heading', { name: 'Bli med i klubb' }).waitFor();
    await memberPage.getByText('Du er allerede med i Fjellvik Golfklubb som medlem.').waitFor();
    expect(await memberPage.getByRole('button', { name: /Bli med/ }).count()).toBe(0);
    await screenshots(memberPage, 'org-join');
    await memberPage.getByRole('link', { name: 'Gå til Fjellvik Golfklubb' }).click();
    await memberPage.getByRole('heading', { name: 'Fjellvik Golfklubb' }).waitFor();
    await memberPage.getByRole('link', { name: 'Hjem' }).click();
    await memberPage.getByRole('link', { name: 'Fjellvik Golfklubb' }).click();
    await memberPage.getByRole('heading', { name: 'Fjellvik Golfklubb' }).waitFor();
    await memberPage.getByText('Din rolle:').waitFor();
    // A member sees the members but neither the invitation form nor the audit log.
    expect(await memberPage.getByRole('heading', { name: 'Logg' }).count()).toBe(0);
    expect(await memberPage.getByRole('heading', { name: 'Inviter' }).count()).toBe(0);
    await screenshots(memberPage, 'org-member');

    // The owner sees the new member, makes them admin, and the audit log says so.
    await page.reload();
    const row = page.getByTestId('member').filter({ hasText: invitee });
    await row.waitFor();
    await row.getByLabel(`Rolle for ${invitee}`).selectOption('admin');
    await page.getByText(`Klubb Kari endret rollen til ${invitee} fra medlem til administrator`).waitFor();

    // The last owner cannot leave: the server's 409 message is shown.
    await page.getByRole('button', { name: 'Forlat klubben' }).click();
    await page.getByRole('button', { name: 'Ja, forlat klubben' }).click();
    await page.getByRole('alert').filter({ hasText: /eier/i }).waitFor();

    // The member leaves.
    await memberPage.getByRole('button', { name: 'Forlat klubben' }).click();
    await memberPage.getByRole('button', { name: 'Ja, forlat klubben' }).click();
    await memberPage.getByRole('heading', { name: 'Klubber', exact: true }).waitFor();
    await memberPage.getByText('Du er ikke med i noen klubb ennå').waitFor();

    expect([...errors, ...memberErrors]).toEqual([]);
    await ownerContext.close();
    await memberContext.close();
  });
});
