import { describe, expect, it } from 'vitest';
import { groupSecret, recoveryCodesFile } from './secret';

describe('a TOTP secret for manual entry', () => {
  it('is upper case in groups of four, without padding or spaces it came with', () => {
    expect(groupSecret('jbswy3dpehpk3pxp')).toBe('JBSW Y3DP EHPK 3PXP');
    expect(groupSecret('JBSWY3DPEHPK3PXPAB==')).toBe('JBSW Y3DP EHPK 3PXP AB');
    expect(groupSecret('')).toBe('');
  });
});

describe('the recovery codes file', () => {
  it('lists every code on its own line under a Norwegian explanation', () => {
    const text = recoveryCodesFile(['abcde-fghij', 'klmno-pqrst'], 'kari@example.no', new Date('2026-05-01T10:00:00Z'));
    expect(text.split('\n')).toEqual(
      expect.arrayContaining(['Konto: kari@example.no', 'Laget: 2026-05-01', 'abcde-fghij', 'klmno-pqrst']),
    );
    expect(text).toContain('Hver kode kan brukes én gang');
    expect(recoveryCodesFile(['a'], null, new Date())).not.toContain('Konto:');
  });
});
