import { eq, inArray } from 'drizzle-orm';
import { appUser, tournament } from '../db/schema';
import { withTenant } from '../db/tenancy';
import type { Deps } from '../deps';
import { AppError } from '../errors';
import { texts } from '../texts';
import { myTournaments } from '../tournaments/mine';
import type { Language } from '../../shared/values';
import { calendarOwner } from './address';
import { type CalendarEvent, type IcsFile, icsCalendar, ROUND_MINUTES, uidDomain } from './ics';
import { locationsOf } from './tournament-calendar';

const MINUTE_MS = 60_000;

/** One answer for every token that opens nothing: unknown, renewed away, of a deleted account, malformed. */
const notFound = () => new AppError('NOT_FOUND', { key: 'errors.calendar.notFound' });

/**
 * GET /calendar/{token}.ics (decision 0430): the player's own tournament rounds across all their clubs, as
 * `tournaments.mine` reads them (each club in its own tenancy transaction, no wider reading): a round with
 * their group is timed from their start, one without a group yet is an all-day event on its day, a waiting
 * entry's rounds are all-day events marked as waiting, and a cancelled tournament's are cancelled events.
 * A withdrawn entry is gone, and so are its events at the app's next read. Texts in the account's language.
 */
export async function myCalendar(
  deps: Pick<Deps, 'db' | 'config' | 'now'>,
  _caller: unknown,
  input: { token: string },
): Promise<IcsFile> {
  const userId = await calendarOwner(deps.db, input.token);
  if (!userId) throw notFound();
  const [user] = await deps.db.select({ language: appUser.language }).from(appUser).where(eq(appUser.id, userId));
  const language: Language = user?.language ?? 'nb';
  const t = (key: string, params?: Record<string, string | number | readonly string[]>) =>
    texts.text(language, `calendar.${key}`, params);
  const { tournaments: mine } = await myTournaments(deps, { userId });

  // Where each is played: read per club, in its tenancy transaction, like the tournaments themselves.
  const locations = new Map<string, string>();
  for (const organizationId of new Set(mine.map((m) => m.tournament.organizationId))) {
    const ids = mine.filter((m) => m.tournament.organizationId === organizationId).map((m) => m.tournament.id);
    await withTenant(deps.db, organizationId, async (tx) => {
      const rows = await tx
        .select({ id: tournament.id, courseId: tournament.courseId })
        .from(tournament)
        .where(inArray(tournament.id, ids));
      const places = await locationsOf(
        tx,
        rows.map((r) => r.courseId),
      );
      for (const r of rows) locations.set(r.id, places.get(r.courseId) ?? '');
    });
  }

  const domain = uidDomain(deps.config.publicUrl);
  const events = mine.flatMap((m) => {
    const url = `${deps.config.publicUrl}/klubber/${encodeURIComponent(m.tournament.organizationId)}/turneringer/${encodeURIComponent(m.tournament.id)}`;
    const several = m.rounds.length > 1;
    const cancelled = m.tournament.status === 'cancelled';
    return m.rounds.map((round): CalendarEvent => {
      const what = { tournament: m.tournament.name, round: round.number };
      const notes = cancelled ? [t('cancelled')] : [];
      const common = {
        // The same event from "entered" to "your start is 08:10" to "cancelled": the app updates it.
        uid: `start-${m.tournament.id}-round-${round.number}@${domain}`,
        location: locations.get(m.tournament.id) ?? '',
        url,
        cancelled,
      };
      if (m.waitlistPosition !== undefined) {
        return {
          ...common,
          day: round.playedOn,
          summary: t(several ? 'waitingInRound' : 'waiting', what),
          description: [...notes, t('waitingPlace', { place: m.waitlistPosition })].join('\n'),
        };
      }
      if (round.startsAt === null || round.tee === null) {
        return {
          ...common,
          day: round.playedOn,
          summary: t(several ? 'enteredInRound' : 'entered', what),
          description: [...notes, t('noStartYet')].join('\n'),
        };
      }
      const startsAt = new Date(round.startsAt);
      return {
        ...common,
        startsAt,
        endsAt: new Date(startsAt.getTime() + ROUND_MINUTES * MINUTE_MS),
        summary: t(several ? 'startInRound' : 'start', { ...what, tee: round.tee }),
        description: [...notes, round.partners.length > 0 ? t('partners', { names: round.partners }) : t('alone')].join(
          '\n',
        ),
      };
    });
  });
  return { ics: icsCalendar({ name: t('mineName'), events, now: deps.now() }), filename: 'hullvis.ics' };
}
