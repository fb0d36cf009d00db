import { z } from 'zod';

// Validation messages in Norwegian (bokmål), on the server and in the app alike.
z.config(z.locales.no());

/** Any 8-4-4-4-12 hex id: Postgres accepts them all, so a well-formed unknown id is a 404, not a 400. */
export const id = z.guid({ message: 'Ugyldig id.' });

export const email = z
  .string()
  .trim()
  .max(254, { message: 'E-postadressen er for lang.' })
  .pipe(z.email({ message: 'Ugyldig e-postadresse.' }));

/** Exactly six ASCII digits (2FA, magic-link and confirmation codes). */
export const sixDigitCode = z.string().regex(/^[0-9]{6}$/, { message: 'Koden må være seks sifre.' });

export const organizationIdInput = z.strictObject({ organizationId: id });

/** A body-less mutation: nothing, or an empty object; any field is unknown and refused (400). */
export const noInput = z.strictObject({}).optional();
