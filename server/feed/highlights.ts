import type { HighlightKind } from '../../shared/values';

/**
 * A highlight worth a feed item (docs/contract.md section 10), on gross strokes: one stroke is a hole in one
 * whatever the par (an ace on a par 4 is a hole in one, not an albatross); three under par an albatross,
 * two under an eagle. Anything else is not news.
 */
export function highlightLabel(par: number, strokes: number): HighlightKind | null {
  if (strokes === 1) return 'hole_in_one';
  if (par - strokes === 3) return 'albatross';
  if (par - strokes === 2) return 'eagle';
  return null;
}

/** The fewest strokes that can never be a highlight on any hole (par 6 at most): cheaper than asking. */
export const NEVER_A_HIGHLIGHT_FROM_STROKES = 5;
