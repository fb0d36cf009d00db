import { describe, expect, it } from 'vitest';
import { livePending, redirectFor, sessionFrom } from './stage';

describe('which session the app sees', () => {
  const now = 1_000_000;
  const pending = {
    stage: 'pending_2fa' as const,
    email: 'kari@example.no',
    method: 'totp' as const,
    expiresAt: now + 300_000,
  };

  it('is full when auth.me answers, whatever was remembered', () => {
    expect(sessionFrom({ user: { id: 'u' } }, null, pending, now)).toEqual({ status: 'full', user: { id: 'u' } });
  });

  it('is the remembered stage while auth.me refuses and it has not expired, then signed out', () => {
    expect(sessionFrom(null, null, pending, now)).toEqual({
      status: 'pending_2fa',
      email: 'kari@example.no',
      method: 'totp',
      expiresAt: now + 300_000,
    });
    expect(sessionFrom(null, null, pending, now + 300_000)).toEqual({ status: 'signed-out' });
    expect(sessionFrom(null, null, null, now)).toEqual({ status: 'signed-out' });
    expect(livePending(pending, now + 299_999)).toBe(pending);
  });

  it('is loading before the first answer, and unreachable when the service could not be asked', () => {
    expect(sessionFrom(undefined, null, null, now)).toEqual({ status: 'loading' });
    expect(sessionFrom(undefined, new TypeError('Failed to fetch'), pending, now)).toEqual({ status: 'unreachable' });
  });

  it('keeps the last answer while a later question fails, so screens stay put', () => {
    expect(sessionFrom({ user: { id: 'u' } }, new TypeError('Failed to fetch'), null, now)).toEqual({
      status: 'full',
      user: { id: 'u' },
    });
    expect(sessionFrom(null, new TypeError('Failed to fetch'), null, now)).toEqual({ status: 'signed-out' });
  });
});

describe('routing by stage', () => {
  it('sends an anonymous visitor to sign in, carrying the page they wanted', () => {
    expect(redirectFor('full', 'signed-out', '/runder/ny?steg=bane')).toBe('/login?neste=%2Frunder%2Fny%3Fsteg%3Dbane');
    expect(redirectFor('full', 'signed-out', '/')).toBe('/login?neste=%2F');
    expect(redirectFor('full', 'full', '/runder')).toBeNull();
  });

  it('keeps a half-signed-in visitor on the step they are at', () => {
    expect(redirectFor('full', 'pending_2fa', '/konto')).toBe('/login/2fa?neste=%2Fkonto');
    expect(redirectFor('full', 'must_enroll_2fa', '/klubber')).toBe('/login/oppsett-2fa?neste=%2Fklubber');
    expect(redirectFor('guest', 'pending_2fa', '/login')).toBe('/login/2fa');
    expect(redirectFor('pending', 'pending_2fa', '/login/2fa')).toBeNull();
    expect(redirectFor('enrolling', 'must_enroll_2fa', '/login/oppsett-2fa')).toBeNull();
  });

  it('moves a signed-in visitor off the sign-in screens to where they were going, never to another site', () => {
    expect(redirectFor('guest', 'full', '/login?neste=%2Fklubber%2Fabc')).toBe('/klubber/abc');
    expect(redirectFor('guest', 'full', '/login?neste=https%3A%2F%2Fevil.example')).toBe('/');
    expect(redirectFor('guest', 'full', '/login?neste=%2F%2Fevil.example')).toBe('/');
    expect(redirectFor('pending', 'full', '/login/2fa?neste=%2Frunder')).toBe('/runder');
    expect(redirectFor('enrolling', 'full', '/login/oppsett-2fa?neste=%2Fklubber')).toBe('/klubber');
    expect(redirectFor('enrolling', 'full', '/login/oppsett-2fa')).toBe('/');
    expect(redirectFor('pending', 'signed-out', '/login/2fa?neste=%2Frunder')).toBe('/login?neste=%2Frunder');
  });

  it('shows the magic-link landing page to everyone, and decides nothing while loading', () => {
    for (const status of ['signed-out', 'full', 'pending_2fa', 'must_enroll_2fa'] as const) {
      expect(redirectFor('public', status, '/login/verify?token=abc')).toBeNull();
    }
    expect(redirectFor('full', 'loading', '/konto')).toBeNull();
  });
});
