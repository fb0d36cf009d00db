/**
 * tRPC over HTTP: the most calls one batch request may carry. The server refuses a larger batch with 400
 * INVALID_INPUT (every call in it costs a procedure run, so an unbounded batch is an unbounded request);
 * the app's batch link splits its calls at this number, so it never sends one.
 */
export const MAX_BATCH_CALLS = 50;
