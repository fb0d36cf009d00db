import { afterEach, describe, expect, it } from 'vitest';
import { applyLanguage, loadTexts } from '../../i18n';
import { teeLabel } from './format';

// The texts the code under test words things with, as its screens load them.
await loadTexts(['rounds']);

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

describe('tees in English', () => {
  afterEach(() => applyLanguage('nb'));

  it('names colours and whom the tee is for as English golfers do', async () => {
    await applyLanguage('en');
    expect(teeLabel({ name: 'Rød', color: 'red', gender: 'female' }, 'en')).toBe('Red (women)');
    expect(teeLabel({ name: '58', color: 'yellow', gender: 'male' }, 'en')).toBe('58 – Yellow (men)');
    expect(teeLabel({ name: 'Hvit', color: null }, 'en')).toBe('White');
    expect(teeLabel({ name: 'Tee 1', color: 'lilla', gender: 'unisex' }, 'en')).toBe('Tee 1 – lilla (all)');
  });
});
