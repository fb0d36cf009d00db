import { describe, expect, it } from 'vitest';
import { allowanceText, teeLabel } from './format';

describe('tees as the wizard and the card name them', () => {
  it('gives the colour in Norwegian and whom the tee is for, so two tees never read the same', () => {
    expect(teeLabel({ name: 'Rød', color: 'red', gender: 'female' })).toBe('Rød (dame)');
    expect(teeLabel({ name: 'Rød', color: 'red', gender: 'male' })).toBe('Rød (herre)');
    expect(teeLabel({ name: '58', color: 'yellow', gender: 'male' })).toBe('58 – Gul (herre)');
    expect(teeLabel({ name: 'Gul', color: 'Gul', gender: null })).toBe('Gul');
    expect(teeLabel({ name: 'Hvit', color: null })).toBe('Hvit');
    expect(teeLabel({ name: 'Tee 1', color: 'lilla', gender: 'unisex' })).toBe('Tee 1 – lilla (alle)');
  });
});

describe('the handicap allowance', () => {
  it('explains the 85 % of four-ball play in one sentence', () => {
    expect(allowanceText(85)).toMatch(/^Handicaptillegg 85 %: .*beste score teller.*85 % av banehandicapet\.$/);
    expect(allowanceText(95)).toMatch(/^Handicaptillegg 95 %/);
    expect(allowanceText(70)).toBe('Handicaptillegg 70 % av banehandicapet.');
  });
});
