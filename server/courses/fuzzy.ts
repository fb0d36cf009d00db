import { GENERIC_WORDS, tokens } from './search-text';

/**
 * Name matching for the course searches: exact words, prefixes (as you type), substrings, and typos
 * (Damerau–Levenshtein: one edit in words of 4–6 letters, two from 7). The database preselects
 * candidates by trigram (`likePatterns`); this scores them. Done in code rather than with pg_trgm so the
 * same search runs on PGlite and any PostgreSQL without an extension (docs/decisions/0401-course-search.md).
 */
export interface Query {
  /** Words that must each match something. */
  required: string[];
  /** Generic words ("gk", "golf"): they raise the score when they match but may match nothing. */
  optional: string[];
}

export function parseQuery(text: string): Query | null {
  const words = [...new Set(tokens(text))].slice(0, 8);
  if (words.length === 0) return null;
  const specific = words.filter((w) => !GENERIC_WORDS.has(w));
  if (specific.length === 0) return { required: words, optional: [] };
  return { required: specific, optional: words.filter((w) => GENERIC_WORDS.has(w)) };
}

/** LIKE patterns any candidate must match one of: short words whole, longer ones by their trigrams. */
export function likePatterns(query: Query): string[] {
  const patterns = new Set<string>();
  for (const word of query.required) {
    if (word.length <= 3) patterns.add(`%${word}%`);
    else for (let i = 0; i + 3 <= word.length; i += 1) patterns.add(`%${word.slice(i, i + 3)}%`);
  }
  return [...patterns];
}

function maxEdits(length: number): number {
  if (length >= 7) return 2;
  if (length >= 4) return 1;
  return 0;
}

/** Optimal string alignment distance (Damerau–Levenshtein with adjacent transpositions), capped early. */
export function editDistance(a: string, b: string, cap = 3): number {
  if (Math.abs(a.length - b.length) > cap) return cap + 1;
  const rows: number[][] = [];
  for (let i = 0; i <= a.length; i += 1) {
    rows.push(new Array<number>(b.length + 1).fill(0));
    rows[i]![0] = i;
  }
  for (let j = 0; j <= b.length; j += 1) rows[0]![j] = j;
  for (let i = 1; i <= a.length; i += 1) {
    let rowMin = Infinity;
    for (let j = 1; j <= b.length; j += 1) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(rows[i - 1]![j]! + 1, rows[i]![j - 1]! + 1, rows[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, rows[i - 2]![j - 2]! + 1);
      rows[i]![j] = d;
      rowMin = Math.min(rowMin, d);
    }
    if (rowMin > cap) return cap + 1;
  }
  return rows[a.length]![b.length]!;
}

/** How well one query word matches one word of the text, 0 (not at all) to 1 (the same word). */
export function wordScore(query: string, word: string): number {
  if (word === query) return 1;
  if (word.startsWith(query)) return 0.9;
  if (query.length >= 3 && word.includes(query)) return 0.6;
  const allowed = maxEdits(query.length);
  if (allowed === 0) return 0;
  const whole = editDistance(query, word, allowed);
  if (whole <= allowed) return 0.8 - 0.1 * whole;
  // A typo in a word still being typed: compare with the start of the longer word.
  let best = allowed + 1;
  for (let length = query.length - 1; length <= query.length + 1; length += 1) {
    if (length < 1 || length >= word.length) continue;
    best = Math.min(best, editDistance(query, word.slice(0, length), allowed));
  }
  return best <= allowed ? 0.7 - 0.1 * best : 0;
}

/**
 * A candidate's score from the best score of each query word (in `query.required`, then
 * `query.optional` order): 0 when a required word matches nothing, else the mean of the required words'
 * scores plus a little for the generic words ("Bogstad GK" ranks on "bogstad", "gk" breaks ties).
 */
export function combineScores(query: Query, best: readonly number[]): number {
  let total = 0;
  for (let i = 0; i < query.required.length; i += 1) {
    const score = best[i] ?? 0;
    if (score === 0) return 0;
    total += score;
  }
  let optional = 0;
  for (let i = 0; i < query.optional.length; i += 1) optional += best[query.required.length + i] ?? 0;
  return total / query.required.length + (0.1 * optional) / Math.max(1, query.optional.length);
}

/** The score of a folded text for a query (see combineScores). */
export function matchScore(query: Query, searchText: string): number {
  const words = searchText.split(' ');
  const best = [...query.required, ...query.optional].map((q) =>
    words.reduce((max, w) => Math.max(max, wordScore(q, w)), 0),
  );
  return combineScores(query, best);
}

/** Trigrams of a word padded like pg_trgm's ("  b", " bo", "bog", ...): a typo keeps some of them. */
export function paddedTrigrams(word: string): string[] {
  const padded = `  ${word} `;
  const grams = new Set<string>();
  for (let i = 0; i + 3 <= padded.length; i += 1) grams.add(padded.slice(i, i + 3));
  return [...grams];
}
