import { describe, expect, it } from 'vitest';
import { addEmailMail, mergeMail } from '../../server/mail/templates/account';
import { invitationMail } from '../../server/mail/templates/organizations';
import { signInMail } from '../../server/mail/templates/sign-in';
import { twoFactorCodeMail } from '../../server/mail/templates/two-factor';

/**
 * The mails word themselves from the catalogues' mail area (decision 0025): every line, in both languages,
 * as they read when each template held its own words. Values go in as they are, and only the HTML escapes.
 */
describe('the mail templates', () => {
  it('confirm an address with the link or the code, in Norwegian and in English', () => {
    const input = { to: 'b@x.no', accountEmail: 'a<&>@x.no', link: 'https://h/x?a=1&b=2', code: '123456', minutes: 15 };
    expect(addEmailMail({ ...input, language: 'nb' })).toEqual({
      to: 'b@x.no',
      subject: 'Bekreft ny e-postadresse',
      text: 'Kontoen a<&>@x.no vil legge til denne adressen som ekstra e-postadresse.\n\nBekreft ved å åpne lenken mens du er logget inn:\nhttps://h/x?a=1&b=2\n\nEller skriv inn koden: 123456\n\nLenken og koden gjelder i 15 minutter og kan brukes én gang.\nHvis det ikke var deg, kan du se bort fra e-posten. Ingenting endres uten bekreftelse.',
    });
    const merge = mergeMail({
      ...input,
      accountEmail: 'a@x.no',
      link: 'https://h/m',
      code: '111111',
      minutes: 30,
      language: 'en',
    });
    expect(merge.subject).toBe('Confirm merging accounts');
    expect(merge.text).toBe(
      'The account a@x.no asks to merge the account with the address b@x.no into itself.\nRounds, memberships, personal courses and e-mail addresses are moved over, and the account with this address is deleted.\n\nConfirm by opening the link while you are signed in to the account to keep:\nhttps://h/m\n\nOr type the code: 111111\n\nThe link and the code are valid for 30 minutes and can be used once.\nIf it was not you, you can ignore this e-mail. Nothing changes without a confirmation.',
    );
  });

  it('name the role of an invitation as a sentence does, with its English article', () => {
    const invite = (role: 'owner' | 'admin' | 'member', inviterName: string | null, language: 'nb' | 'en') =>
      invitationMail({
        to: 'c@x.no',
        organizationName: 'Bogstad & Co',
        inviterName,
        role,
        link: 'https://h/i',
        expiresAt: new Date(Date.UTC(2026, 10, 25, 22, 45)),
        language,
      }).text.split('\n')[0];
    expect(invite('owner', 'Kari "K" <b>', 'en')).toBe('Kari "K" <b> has invited you to be an owner in Bogstad & Co.');
    expect(invite('admin', null, 'en')).toBe('You are invited to be an administrator in Bogstad & Co.');
    expect(invite('member', null, 'en')).toBe('You are invited to be a member in Bogstad & Co.');
    expect(invite('admin', 'Kari', 'nb')).toBe('Kari har invitert deg til å bli administrator i Bogstad & Co.');
    expect(invite('owner', null, 'nb')).toBe('Du er invitert til å bli eier i Bogstad & Co.');
  });

  it('keep a value that looks like the catalogue’s syntax as it was typed', () => {
    const mail = invitationMail({
      to: 'c@x.no',
      organizationName: '$t(mail.signIn.subject) {{club}}',
      inviterName: '{{role}}',
      role: 'admin',
      link: 'https://h/i',
      expiresAt: new Date(Date.UTC(2026, 10, 25, 22, 45)),
      language: 'en',
    });
    expect(mail.subject).toBe('Invitation to $t(mail.signIn.subject) {{club}}');
    expect(mail.text.split('\n')[0]).toBe(
      '{{role}} has invited you to be an administrator in $t(mail.signIn.subject) {{club}}.',
    );
  });

  it('escape every value in the sign-in mail’s HTML once, and none in its text', () => {
    const mail = signInMail({
      to: 'd@x.no',
      link: 'https://h/s?t=<a>&"',
      code: '12<34>',
      validMinutes: 15,
      language: 'en',
    });
    expect(mail.subject).toBe('Sign in to Hullvis');
    expect(mail.text).toContain('\n\nhttps://h/s?t=<a>&"\n\nOr type this code on the sign-in page: 12<34>\n\n');
    expect(mail.html).toBe(
      '<!doctype html><html lang="en"><meta charset="utf-8"><body style="font-family:sans-serif">\n<p>Hello!</p>\n<p>Someone asked to sign in to Hullvis with this e-mail address. If it was you, open the link and press “Sign in”:</p>\n<p><a href="https://h/s?t=&#60;a&#62;&#38;&#34;">Sign in to Hullvis</a></p>\n<p>Or type this code on the sign-in page: <strong style="font-size:1.4em;letter-spacing:0.1em">12&#60;34&#62;</strong></p>\n<p>The link and the code are valid for 15 minutes and can be used once. If you ask for a new link, this one stops working.</p>\n<p>If it was not you, you can ignore this e-mail. No one gets in without the link or the code.</p>\n</body></html>',
    );
  });

  it('give a two-factor code on its own line, how long it holds and the signature', () => {
    expect(twoFactorCodeMail('e@x.no', '999999', 10, 'nb').text).toBe(
      'Koden din for å fullføre innloggingen er:\n\n999999\n\nKoden gjelder i 10 minutter og kan brukes én gang. Har du ikke prøvd å logge inn, kan du se bort fra denne e-posten, men vurder å endre passordet ditt.\n\nHilsen Hullvis',
    );
    expect(twoFactorCodeMail('e@x.no', '999999', 10, 'en')).toEqual({
      to: 'e@x.no',
      subject: 'Sign-in code for Hullvis',
      text: 'Your code to finish signing in is:\n\n999999\n\nThe code is valid for 10 minutes and can be used once. If you did not try to sign in, you can ignore this e-mail, but consider changing your password.\n\nBest regards, Hullvis',
    });
  });
});
