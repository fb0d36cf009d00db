import { describe, expect, it } from 'vitest';
import { twoFactorChangedMail } from '../../server/mail/templates/two-factor';

describe('the mail that tells of a two-factor change', () => {
  it('gives the time in Norway, winter and summer, not UTC', () => {
    const winter = twoFactorChangedMail(
      'a@example.no',
      { kind: 'disabled', method: 'totp' },
      new Date(Date.UTC(2026, 10, 25, 22, 45)),
      'nb',
    );
    expect(winter.text).toContain('Tidspunkt: 25. november 2026 kl. 23:45.');
    const summer = twoFactorChangedMail(
      'a@example.no',
      { kind: 'enabled', method: 'email' },
      new Date(Date.UTC(2026, 6, 1, 10, 0)),
      'nb',
    );
    expect(summer.text).toContain('Tidspunkt: 1. juli 2026 kl. 12:00.');
    expect(summer.text).not.toContain('UTC');
  });

  it('is written in English for an account that chose English, still in Norway’s time', () => {
    const mail = twoFactorChangedMail(
      'a@example.no',
      { kind: 'replaced', from: 'totp', to: 'email' },
      new Date(Date.UTC(2026, 10, 25, 22, 45)),
      'en',
    );
    expect(mail.subject).toBe('Two-factor authentication has changed');
    expect(mail.text).toContain('changed from authenticator app to one-time code by e-mail');
    expect(mail.text).toContain('Time (Norway): 25 November 2026 at 23:45.');
    expect(mail.text).not.toMatch(/[æøå]/);
  });
});
