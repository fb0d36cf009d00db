import { describe, expect, it } from 'vitest';
import { secretBox } from '../../server/auth/crypto';
import { matchTotpStep, newTotpSecret, totpCode, totpProvisioningUri, totpStep } from '../../server/auth/totp';
import { oathtool, secretFromUri } from './support';

/** RFC 6238 Appendix B: the SHA-1 rows, 8 digits, key = the 20 ASCII bytes "12345678901234567890". */
const RFC_6238_SHA1 = [
  { time: 59, code: '94287082' },
  { time: 1111111109, code: '07081804' },
  { time: 1111111111, code: '14050471' },
  { time: 1234567890, code: '89005924' },
  { time: 2000000000, code: '69279037' },
  { time: 20000000000, code: '65353130' },
];
const RFC_KEY = new TextEncoder().encode('12345678901234567890');
const RFC_KEY_BASE32 = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';

describe('TOTP generator', () => {
  it.each(RFC_6238_SHA1)('reproduces RFC 6238 Appendix B at T=$time', async ({ time, code }) => {
    expect(await totpCode(RFC_KEY, new Date(time * 1000), 8)).toBe(code);
  });

  it('agrees with oathtool on the RFC vectors (so the oathtool comparison below means something)', () => {
    for (const { time, code } of RFC_6238_SHA1.slice(0, 5)) {
      expect(oathtool(RFC_KEY_BASE32, new Date(time * 1000), 8)).toBe(code);
    }
  });

  it('gives the same 6-digit codes as oathtool for a fresh secret taken from the provisioning URI', async () => {
    const secret = newTotpSecret();
    const fromUri = secretFromUri(totpProvisioningUri(secret, 'kari@example.no'));
    const start = Date.UTC(2026, 10, 21, 12, 0, 7);
    for (let i = 0; i < 20; i++) {
      const when = new Date(start + i * 30_000 + i * 997);
      expect(await totpCode(secret, when)).toBe(oathtool(fromUri, when));
    }
  });

  it('makes 160-bit base32 secrets, different every time', () => {
    const a = newTotpSecret();
    const b = newTotpSecret();
    expect(a).toMatch(/^[A-Z2-7]{32}$/); // 32 base32 characters = 160 bits
    expect(a).not.toBe(b);
  });
});

describe('provisioning URI', () => {
  it('names the issuer and the address and spells out SHA-1, 6 digits, 30 s', () => {
    const uri = new URL(totpProvisioningUri('JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP', 'ola+golf@example.no'));
    expect(uri.protocol).toBe('otpauth:');
    expect(uri.host).toBe('totp');
    expect(decodeURIComponent(uri.pathname)).toBe('/Hullvis:ola+golf@example.no');
    expect(Object.fromEntries(uri.searchParams)).toEqual({
      secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
      issuer: 'Hullvis',
      algorithm: 'SHA1',
      digits: '6',
      period: '30',
    });
  });
});

describe('the ±1 step window', () => {
  const secret = newTotpSecret();
  // 15 s into a step: "one step each way" cannot be confused with "30 seconds each way".
  const now = new Date(Date.UTC(2026, 10, 21, 12, 0, 15));
  const t = totpStep(now);
  const codeAt = (steps: number) => oathtool(secret, new Date(now.getTime() + steps * 30_000));

  it('accepts the codes of steps t-1, t and t+1 and reports which step matched', async () => {
    expect(await matchTotpStep(secret, codeAt(-1), now)).toBe(t - 1);
    expect(await matchTotpStep(secret, codeAt(0), now)).toBe(t);
    expect(await matchTotpStep(secret, codeAt(1), now)).toBe(t + 1);
  });

  it('refuses t-2 and t+2', async () => {
    expect(await matchTotpStep(secret, codeAt(-2), now)).toBeNull();
    expect(await matchTotpStep(secret, codeAt(2), now)).toBeNull();
  });

  it('holds at the very edges of the current step', async () => {
    const first = new Date(t * 30_000);
    const last = new Date(t * 30_000 + 29_999);
    expect(await matchTotpStep(secret, oathtool(secret, new Date(first.getTime() - 30_000)), first)).toBe(t - 1);
    expect(await matchTotpStep(secret, oathtool(secret, new Date(first.getTime() - 30_001)), first)).toBeNull();
    expect(await matchTotpStep(secret, oathtool(secret, new Date(last.getTime() + 30_000)), last)).toBe(t + 1);
    expect(await matchTotpStep(secret, oathtool(secret, new Date(last.getTime() + 30_001)), last)).toBeNull();
  });

  it('skips steps already used', async () => {
    expect(await matchTotpStep(secret, codeAt(0), now, t)).toBeNull();
    expect(await matchTotpStep(secret, codeAt(-1), now, t)).toBeNull();
    expect(await matchTotpStep(secret, codeAt(1), now, t)).toBe(t + 1);
    expect(await matchTotpStep(secret, codeAt(1), now, t + 1)).toBeNull();
  });

  it('answers "no match" for anything that is not six ASCII digits', async () => {
    for (const code of ['12345', '1234567', '١٢٣٤٥٦', '12 456', 'abcdef', '']) {
      expect(await matchTotpStep(secret, code, now)).toBeNull();
    }
  });
});

describe('secret box (AES-256-GCM, key from SESSION_SECRET by HKDF)', () => {
  const box = secretBox('x'.repeat(48), 'totp-secret');

  it('round-trips, with a fresh IV each time', () => {
    const a = box.seal('JBSWY3DPEHPK3PXP', 'user-1');
    const b = box.seal('JBSWY3DPEHPK3PXP', 'user-1');
    expect(a).not.toBe(b);
    expect(a).not.toContain('JBSWY3DPEHPK3PXP');
    expect(box.open(a, 'user-1')).toBe('JBSWY3DPEHPK3PXP');
  });

  it("refuses another owner's value, a tampered value, and another server secret's", () => {
    const sealed = box.seal('JBSWY3DPEHPK3PXP', 'user-1');
    expect(box.open(sealed, 'user-2')).toBeNull();
    const [v, iv, ct, tag] = sealed.split('.');
    const flipped = Buffer.from(ct!, 'base64url');
    flipped[0]! ^= 1;
    expect(box.open([v, iv, flipped.toString('base64url'), tag].join('.'), 'user-1')).toBeNull();
    expect(secretBox('y'.repeat(48), 'totp-secret').open(sealed, 'user-1')).toBeNull();
    expect(secretBox('x'.repeat(48), 'other-purpose').open(sealed, 'user-1')).toBeNull();
    expect(box.open('garbage', 'user-1')).toBeNull();
  });
});
