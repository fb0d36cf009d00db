/** The golf rules of docs/golf.md (World Handicap System), as pure functions: no database, no clock. */
export * from './handicap';
export * from './handicap-record';
export * from './leaderboard';
export * from './rounding';
export * from './round';
export * from './scoring';
export * from './strokes';
export * from './better-ball';
