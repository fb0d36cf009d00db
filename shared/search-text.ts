/**
 * Search text, folded in code (not by the database) so PGlite and PostgreSQL match alike, and the app's
 * own filters (members by name or e-mail) match as the server's searches do: lower case, æ → ae, ø → o,
 * å → a, ß → ss, other diacritics stripped, anything but letters and digits a single space.
 * "Ullensåker" and "ullensaker" fold to the same text; so do "Bærum" and "baerum", "Åse" and "ase".
 */
export function fold(text: string): string {
  return text
    .toLowerCase()
    .replace(/æ/g, 'ae')
    .replace(/ø/g, 'o')
    .replace(/å/g, 'a')
    .replace(/ß/g, 'ss')
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}
