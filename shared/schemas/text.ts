import { z } from 'zod';

/**
 * Characters no one types into a name or a message, refused wherever a person's text is stored or searched
 * for. NUL cannot be stored in PostgreSQL text at all (the statement fails); the other C0 and C1 controls
 * and DEL are invisible and break names in lists, mails and the CSV export; a lone surrogate is not
 * Unicode, and the database drivers would silently store U+FFFD in its place.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is this expression's purpose
const NOT_SINGLE_LINE = /[\u0000-\u001F\u007F-\u009F]|\p{Cs}/u;
/** Multi-line text keeps tab and line breaks (CR too: a line break typed on Windows is CRLF). */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is this expression's purpose
const NOT_MULTI_LINE = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]|\p{Cs}/u;

/**
 * The building block of every text field a user fills in (names, search words, messages): a string without
 * control characters or lone surrogates. Chain the field's own rules after it:
 * `userText().trim().min(1, …).max(100, …)`.
 */
export function userText(options: { multiLine?: boolean } = {}) {
  const refused = options.multiLine ? NOT_MULTI_LINE : NOT_SINGLE_LINE;
  return z.string().refine((value) => !refused.test(value), { message: 'errors.fields.controlCharacters' });
}
