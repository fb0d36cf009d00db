import type { Browser } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { callerAs, callerWithToken } from '../helpers/caller';
import { addMember, createOrganization, createUser, uniqueEmail } from '../helpers/factories';
import { newPhoneContext, screenshots, type AppUnderTest } from './harness';
import {
  expectAccessible,
  lastMailId,
  linkIn,
  signedInContext,
  signInWithMagicLink,
  useAppAndBrowser,
  waitForMail,
  watchErrors,
} from './support';

/** Rough edges a new user hit: the home screen's first question, invitations, the outbox. */
describe('a new user, invitations and the development outbox, in a real browser', () => {
  let app: AppUnderTest;
  let browser: Browser;
  useAppAndBrowser((started) => ({ app, browser } = started));

  /** An owner's invitation through the procedure (as the club page sends it); the link from the outbox. */
  async function invitationFor(organizationId: string, owner: { id: string; sessionVersion: number }) {
    const email = uniqueEmail('invitert');
    const after = await lastMailId(app);
    await (await callerAs(app.deps, owner)).caller.orgs.addMember({ organizationId, email, role: 'member' });
    const mail = await waitForMail(app, email, /Invitasjon/, { after });
    return { email, link: linkIn(mail.text, '/klubber/bli-med?token=') };
  }

  it('asks a new user for a name and handicap index on the home screen, then greets them by name', async () => {
    const email = uniqueEmail('ny');
    const context = await newPhoneContext(browser);
    const page = await context.newPage();
    const errors = watchErrors(page);
    await signInWithMagicLink(page, app, email);
    await page.getByRole('heading', { name: 'Velkommen til Hullvis' }).waitFor();
    await page.getByRole('heading', { name: 'Hva heter du?' }).waitFor();
    // Not greeted by address: the address shows only as who is signed in.
    expect(await page.getByRole('heading', { name: new RegExp(email) }).count()).toBe(0);
    await screenshots(page, 'home-new-user');
    await expectAccessible(page, 'home, new user');

    // The profile procedure's own messages, at the fields.
    const name = page.getByLabel('Navn');
    const index = page.getByLabel('Handicapindeks');
    await page.getByRole('button', { name: 'Lagre' }).click();
    await page.getByText('Navnet kan ikke være tomt.').waitFor();
    expect(await name.getAttribute('aria-invalid')).toBe('true');
    await name.fill('Nina Nybegynner');
    await index.fill('60');
    await page.getByRole('button', { name: 'Lagre' }).click();
    await page.getByText('Handicapindeksen kan ikke være over 54,0.').waitFor();
    expect(await index.getAttribute('aria-invalid')).toBe('true');
    await index.fill('36,2');
    await page.getByRole('button', { name: 'Lagre' }).click();

    await page.getByRole('heading', { name: 'Hei, Nina Nybegynner' }).waitFor();
    await page.getByText('Innlogget som Nina Nybegynner · handicapindeks 36,2').waitFor();
    expect(await page.getByRole('heading', { name: 'Hva heter du?' }).count()).toBe(0);
    await screenshots(page, 'home-named');
    // Saved on the account: a reload greets by name too.
    await page.reload();
    await page.getByRole('heading', { name: 'Hei, Nina Nybegynner' }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('names the club, who invited and the role before joining; a member is told so and led to the club', async () => {
    const owner = await createUser(app.deps.db, { name: 'Olav Eier' });
    const org = await createOrganization(app.deps.db, 'Fjellvik Golfklubb');
    await addMember(app.deps.db, org.id, owner.id, 'owner');
    const { email, link } = await invitationFor(org.id, owner);
    // The invited address's account, made after the invitation (signing in with it would have joined at once).
    const invitee = await createUser(app.deps.db, { email, name: 'Ida Invitert' });

    const context = await signedInContext(browser, app, invitee);
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto(link);
    await page.getByRole('heading', { name: 'Bli med i klubb' }).waitFor();
    await page.getByText('Olav Eier har invitert deg til å bli medlem i Fjellvik Golfklubb.').waitFor();
    await page.getByText(/Invitasjonen gjelder til \d+\. \w+ \d{4}\./).waitFor();
    await screenshots(page, 'join-invitation');
    await expectAccessible(page, 'join page, invited');
    await page.getByRole('button', { name: 'Bli med i Fjellvik Golfklubb' }).click();
    await page.getByText('Du er med i Fjellvik Golfklubb som medlem.').waitFor();

    // The same link again: already a member, nothing to join, a way to the club.
    await page.reload();
    await page.getByText('Du er allerede med i Fjellvik Golfklubb som medlem.').waitFor();
    expect(await page.getByRole('button', { name: /Bli med/ }).count()).toBe(0);
    await screenshots(page, 'join-already-member');
    await expectAccessible(page, 'join page, already a member');
    await page.getByRole('link', { name: 'Gå til Fjellvik Golfklubb' }).click();
    await page.getByRole('heading', { name: 'Fjellvik Golfklubb' }).waitFor();
    expect(new URL(page.url()).pathname).toBe(`/klubber/${org.id}`);

    // Another account holding the link learns only that it was sent to another address.
    const stranger = await signedInContext(browser, app, await createUser(app.deps.db, { name: 'Sigve Annen' }));
    const strangerPage = await stranger.newPage();
    await strangerPage.goto(link);
    await strangerPage.getByText(/Invitasjonen ble sendt til en annen e-postadresse/).waitFor();
    expect(await strangerPage.getByText('Fjellvik Golfklubb').count()).toBe(0);
    await stranger.close();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows an admin the invitations not yet answered, and resends and withdraws them', async () => {
    const owner = await createUser(app.deps.db, { name: 'Kari Klubbleder' });
    const org = await createOrganization(app.deps.db, 'Sjøvik Golfklubb');
    await addMember(app.deps.db, org.id, owner.id, 'owner');
    const context = await signedInContext(browser, app, owner);
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto(`${app.url}/klubber/${org.id}`);
    await page.getByRole('heading', { name: 'Sjøvik Golfklubb' }).waitFor();
    await page.getByText('Ingen invitasjoner venter på svar.').waitFor();

    const first = uniqueEmail('forste');
    const second = uniqueEmail('andre');
    const after = await lastMailId(app);
    for (const [email, role] of [
      [first, 'member'],
      [second, 'admin'],
    ] as const) {
      await page.getByLabel('E-postadresse').fill(email);
      await page.getByLabel('Rolle', { exact: true }).selectOption(role);
      await page.getByRole('button', { name: 'Inviter', exact: true }).click();
      await page.getByText(`Invitasjon sendt til ${email}`).waitFor();
    }
    const pending = page.getByTestId('pending-invitation');
    await expect.poll(() => pending.count()).toBe(2);
    const firstRow = pending.filter({ hasText: first });
    expect(await firstRow.textContent()).toMatch(
      /Medlem · sendt .+ av Kari Klubbleder · gjelder til \d+\. \w+\.? \d{4}/,
    );
    expect(await pending.filter({ hasText: second }).textContent()).toMatch(/^.*Administrator · sendt/);
    await screenshots(page, 'org-pending-invitations');
    await expectAccessible(page, 'club page with pending invitations');
    const oldLink = linkIn((await waitForMail(app, first, /Invitasjon/, { after })).text, '/klubber/bli-med?token=');

    // Resend: a new mail with a new link; the old link stops working.
    const beforeResend = await lastMailId(app);
    await firstRow.getByRole('button', { name: `Send på nytt til ${first}` }).click();
    await page.getByText(`Ny invitasjon sendt til ${first}. Den forrige lenken virker ikke lenger.`).waitFor();
    const newLink = linkIn(
      (await waitForMail(app, first, /Invitasjon/, { after: beforeResend })).text,
      '/klubber/bli-med?token=',
    );
    expect(newLink).not.toBe(oldLink);
    await page.getByText(`Kari Klubbleder sendte invitasjonen til ${first} på nytt`).waitFor();

    // Withdraw the second, after a confirming tap.
    await pending
      .filter({ hasText: second })
      .getByRole('button', { name: `Trekk tilbake invitasjonen til ${second}` })
      .click();
    await page.getByRole('button', { name: 'Ja, trekk tilbake' }).click();
    await page.getByText('Invitasjonen er trukket tilbake. Lenken i den virker ikke lenger.').waitFor();
    // One message at a time: the resend's is gone.
    expect(await page.getByText('Ny invitasjon sendt til').count()).toBe(0);
    await expect.poll(() => pending.count()).toBe(1);
    await page.getByText(`Kari Klubbleder trakk tilbake invitasjonen til ${second}`).waitFor();
    await screenshots(page, 'org-pending-after');

    // What the invitee of the first finds: the old link refused, the new one names the club.
    const invitee = await signedInContext(browser, app, await createUser(app.deps.db, { email: first }));
    const inviteePage = await invitee.newPage();
    await inviteePage.goto(oldLink);
    await inviteePage.getByText('Invitasjonen er ugyldig, utløpt eller allerede brukt.', { exact: false }).waitFor();
    await inviteePage.goto(newLink);
    await inviteePage.getByRole('button', { name: 'Bli med i Sjøvik Golfklubb' }).waitFor();
    await invitee.close();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows the development outbox on a phone: styled, newest first, filtered, links and code usable', async () => {
    const email = uniqueEmail('telefon');
    const context = await newPhoneContext(browser);
    const page = await context.newPage();
    const errors = watchErrors(page);
    // Two sign-in mails to the address: the newest is the one on top.
    const after = await lastMailId(app);
    for (let i = 0; i < 2; i += 1) {
      await callerWithToken(app.deps, null).caller.auth.requestLink({ email });
      // Past the address's one-minute cooldown.
      app.deps.clock.advance(61);
    }
    const newest = await waitForMail(app, email, /Logg inn/, { after: after + 1 });

    await page.goto(`${app.url}/dev/mail`);
    await page.getByLabel('Vis e-post til').fill(email);
    await page.getByRole('button', { name: 'Vis' }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('to')).toBe(email);
    const articles = page.locator('article');
    expect(await articles.count()).toBe(2);
    // The stylesheet applied (the CSP allows it): the code is large, in a box of its own.
    const code = articles.first().locator('.code');
    expect(await code.textContent()).toBe(/(\d{6})\s*$/m.exec(newest.text)![1]);
    expect(Number.parseFloat(await code.evaluate((el) => getComputedStyle(el).fontSize))).toBeGreaterThanOrEqual(24);
    await screenshots(page, 'dev-mail');
    await expectAccessible(page, 'development outbox');

    // The newest mail's link is a link that signs in.
    await articles
      .first()
      .getByRole('link', { name: /\/login\/verify\?token=/ })
      .click();
    await page.getByRole('heading', { name: 'Bekreft innlogging' }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });
});
