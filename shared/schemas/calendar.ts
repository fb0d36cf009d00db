import { z } from 'zod';
import { LANGUAGES } from '../values';
import { publicTournamentInput } from './tournaments';

/** The calendars (docs/contract.md section 13, decision 0430). */

/**
 * public.calendar: a public tournament's rounds, by its slug as the public page takes it, worded in `lang`
 * (Norwegian when not given). A query parameter, not Accept-Language: a calendar app fetches the address
 * without the reader's languages, and a shared cache keeps one answer per address.
 */
export const tournamentCalendarInput = publicTournamentInput.extend({ lang: z.enum(LANGUAGES).optional() });

/**
 * calendar.feed: a player's secret calendar by the token of its address. Any string up to a bound is looked
 * up (by its hash) and answers the same 404 when it opens nothing; only a longer one is refused unread (400).
 */
export const myCalendarInput = z.strictObject({ token: z.string().min(1).max(200) });

/** An iCalendar file: its text, and the name a download is saved under. */
export const icsOutput = z.object({ ics: z.string(), filename: z.string() });

/** account.calendar and account.renewCalendar: the secret address to subscribe to. */
export const calendarAddressOutput = z.object({ url: z.string() });
