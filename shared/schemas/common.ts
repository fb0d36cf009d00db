import { z } from 'zod';

// Validation messages in Norwegian (bokmål), on the server and in the app alike.
z.config(z.locales.no());

/** Any 8-4-4-4-12 hex id: Postgres accepts them all, so a well-formed unknown id is a 404, not a 400. */
export const id = z.guid({ message: 'errors.fields.invalidId' });

export const email = z
  .string()
  .trim()
  .max(254, { message: 'errors.fields.emailTooLong' })
  .pipe(z.email({ message: 'errors.fields.invalidEmail' }));

/** Exactly six ASCII digits (2FA, magic-link and confirmation codes). */
export const sixDigitCode = z.string().regex(/^[0-9]{6}$/, { message: 'errors.fields.sixDigitCode' });

export const organizationIdInput = z.strictObject({ organizationId: id });

/** A body-less mutation: nothing, or an empty object; any field is unknown and refused (400). */
export const noInput = z.strictObject({}).optional();

// ---- Outputs (decision 0012) ----
// An output schema is a plain z.object: parsing an answer through it keeps the fields it names and drops any
// other, so a column added to a row, or a field added to a hand-built answer, cannot reach a client.

/** The answer of a procedure that only confirms: `{ ok: true }`. */
export const okOutput = z.object({ ok: z.literal(true) });

/**
 * An instant the domain holds as a Date and the wire carries as its ISO 8601 text (what JSON.stringify
 * made of it before): the answer is text on REST and on tRPC alike, and the OpenAPI document says so.
 */
export const instantOutput = z.codec(z.date(), z.iso.datetime(), {
  decode: (date) => date.toISOString(),
  encode: (text) => new Date(text),
});

/** The paging fields of a paged list's answer. */
export const pageOutputFields = { page: z.number(), limit: z.number(), total: z.number() };
