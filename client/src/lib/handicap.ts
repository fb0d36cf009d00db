import type { TFunction } from 'i18next';
import { hasOneDecimal } from '../../../shared/handicap-index';
import type { Language } from '../../../shared/values';

/**
 * Handicap indexes as golfers write them: "12,4" or "12.4"; a plus handicap "+2,1" is stored as −2.1
 * (docs/golf.md). The text must read as an index: at most two whole digits, and one decimal by the same rule
 * as the shared schema (shared/handicap-index.ts). The limits (54.0, +10.0) are the schema's alone: the
 * server refuses an index outside them with its message at the field.
 */
export type ParsedHandicap = { ok: true; value: number | null } | { ok: false; message: string };

/** `t` gives the message in the language shown (common.handicapFormat, in the main chunk: every form may need it). */
export function parseHandicapIndex(text: string, t: TFunction): ParsedHandicap {
  const trimmed = text.trim().replace(/\s+/g, '');
  if (trimmed === '') return { ok: true, value: null };
  const match = /^([+-]?)(\d{1,2}(?:[.,]\d+)?)$/.exec(trimmed);
  const magnitude = match ? Number(match[2]?.replace(',', '.')) : Number.NaN;
  if (!match || !hasOneDecimal(magnitude)) return { ok: false, message: t('common.handicapFormat') };
  const sign = match[1];
  // "+" is a plus handicap: better than scratch, stored negative. A typed "-" is read the same way.
  const value = sign === '+' || sign === '-' ? -magnitude : magnitude;
  return { ok: true, value: Object.is(value, -0) ? 0 : value };
}

/** −2.1 → "+2,1", 12.4 → "12,4" (in English "12.4"), 0 → "0,0", null → "–". */
export function formatHandicapIndex(value: number | null | undefined, language: Language = 'nb'): string {
  if (value === null || value === undefined) return '–';
  const fixed = Math.abs(value).toFixed(1);
  const text = language === 'en' ? fixed : fixed.replace('.', ',');
  return value < 0 ? `+${text}` : text;
}

/** A playing or course handicap (whole strokes): −2 → "+2". */
export function formatStrokes(value: number | null | undefined): string {
  if (value === null || value === undefined) return '–';
  return value < 0 ? `+${Math.abs(value)}` : String(value);
}
