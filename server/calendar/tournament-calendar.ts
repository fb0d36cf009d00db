import { asc, eq, inArray, max, min } from 'drizzle-orm';
import type { Queryable } from '../db/client';
import { club, course, tournamentGroup, tournamentRound } from '../db/schema';
import type { Language } from '../../shared/values';
import type { Deps } from '../deps';
import { texts } from '../texts';
import { withVisibleTournament } from '../tournaments/public';
import { type CalendarEvent, type IcsFile, icsCalendar, ROUND_MINUTES, uidDomain } from './ics';

const MINUTE_MS = 60_000;

/** Where the tournaments of `courseIds` are played, as a calendar's LOCATION: "course, club" (official courses). */
export async function locationsOf(tx: Queryable, courseIds: readonly string[]): Promise<Map<string, string>> {
  if (courseIds.length === 0) return new Map();
  const rows = await tx
    .select({ id: course.id, name: course.name, clubName: club.name, city: course.city })
    .from(course)
    .leftJoin(club, eq(club.id, course.clubId))
    .where(inArray(course.id, [...new Set(courseIds)]));
  return new Map(
    rows.map((r) => {
      const parts = [r.name, r.clubName && !r.name.includes(r.clubName) ? r.clubName : null, r.city];
      return [r.id, parts.filter((p): p is string => !!p).join(', ')];
    }),
  );
}

/**
 * GET /public/tournaments/{slug}/calendar.ics (decision 0430): a public tournament's rounds, read as an
 * anonymous reader reads its page (a draft, a members-only or an unknown tournament is the same 404, signed
 * in or not: a calendar app sends no session). A round with a start list runs from its first group's start
 * to its last group's start and a round's length; one without is an all-day event. No player is named.
 * Worded in `lang` (`?lang=en`), Norwegian by default.
 */
export async function tournamentCalendar(
  deps: Pick<Deps, 'db' | 'config' | 'now'>,
  _caller: unknown,
  input: { slug: string; lang?: Language },
): Promise<IcsFile> {
  const language = input.lang ?? 'nb';
  return withVisibleTournament(deps, { ref: { slug: input.slug }, userId: null }, async (tx, { row }) => {
    const [rounds, spans, locations] = await Promise.all([
      tx
        .select({ number: tournamentRound.number, playedOn: tournamentRound.playedOn })
        .from(tournamentRound)
        .where(eq(tournamentRound.tournamentId, row.id))
        .orderBy(asc(tournamentRound.number)),
      tx
        .select({
          round: tournamentGroup.round,
          first: min(tournamentGroup.startsAt),
          last: max(tournamentGroup.startsAt),
        })
        .from(tournamentGroup)
        .where(eq(tournamentGroup.tournamentId, row.id))
        .groupBy(tournamentGroup.round),
      locationsOf(tx, [row.courseId]),
    ]);
    const domain = uidDomain(deps.config.publicUrl);
    const url = `${deps.config.publicUrl}/t/${encodeURIComponent(row.slug)}`;
    const events = rounds.map((round): CalendarEvent => {
      const span = spans.find((s) => s.round === round.number);
      const common = {
        uid: `tournament-${row.id}-round-${round.number}@${domain}`,
        summary: texts.text(language, 'calendar.round', { tournament: row.name, round: round.number }),
        location: locations.get(row.courseId) ?? '',
        url,
        ...(row.status === 'cancelled'
          ? { cancelled: true, description: texts.text(language, 'calendar.cancelled') }
          : {}),
      };
      return span?.first && span.last
        ? {
            ...common,
            startsAt: new Date(span.first),
            endsAt: new Date(new Date(span.last).getTime() + ROUND_MINUTES * MINUTE_MS),
          }
        : { ...common, day: round.playedOn };
    });
    return {
      ics: icsCalendar({ name: row.name, events, now: deps.now() }),
      filename: `${row.slug}.ics`,
    };
  });
}
