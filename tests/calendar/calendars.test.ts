import { eq } from 'drizzle-orm';
import ICAL from 'ical.js';
import { beforeEach, describe, expect, it } from 'vitest';
import type { UserRow } from '../../server/auth/users';
import { calendarFeed } from '../../server/db/schema';
import { callerAs } from '../helpers/caller';
import { databaseKinds } from '../helpers/db';
import type { TestDeps } from '../helpers/deps';
import { addMember, createOrganization, createUser } from '../helpers/factories';
import { codeIn, lastMailTo } from '../helpers/mail';
import { fire, TRANSPORTS, useDepsAndServer, type Client } from '../helpers/transport';
import { buildWorld, tournamentInput, type World } from '../tournaments/support';

/**
 * The calendars (docs/contract.md section 13, decision 0430), read back with ical.js, a different library
 * than the one that writes them, as a calendar app would read them: over both transports and both databases.
 */

interface ReadEvent {
  uid: string;
  summary: string;
  location: string;
  description: string;
  url: string;
  /** A timed event's start and end in UTC, as the reader computes them from TZID and the VTIMEZONE. */
  startUtc?: string;
  endUtc?: string;
  /** An all-day event's day. */
  day?: string;
  startZone?: string;
  status: string | null;
}

function readCalendar(text: string): { timeZones: string[]; events: ReadEvent[] } {
  const calendar = new ICAL.Component(ICAL.parse(text));
  const zones = calendar.getAllSubcomponents('vtimezone');
  for (const zone of zones) ICAL.TimezoneService.register(zone);
  const events = calendar.getAllSubcomponents('vevent').map((component): ReadEvent => {
    const event = new ICAL.Event(component);
    const start = event.startDate;
    const text = (name: string) => String(component.getFirstPropertyValue(name) ?? '');
    return {
      uid: event.uid,
      summary: event.summary,
      location: event.location,
      description: event.description ?? '',
      url: text('url'),
      ...(start.isDate
        ? { day: start.toString() }
        : {
            startUtc: start.toJSDate().toISOString(),
            endUtc: event.endDate.toJSDate().toISOString(),
            startZone: start.zone?.tzid,
          }),
      status: (component.getFirstPropertyValue('status') as string | null) ?? null,
    };
  });
  for (const zone of zones) ICAL.TimezoneService.remove(String(zone.getFirstPropertyValue('tzid')));
  return { timeZones: zones.map((z) => String(z.getFirstPropertyValue('tzid'))), events };
}

const tokenOf = (url: string) => /\/calendar\/([A-Za-z0-9_-]+)\.ics$/.exec(url)![1]!;

describe.each(databaseKinds())('calendars, on %s', (kind) => {
  let deps: TestDeps;
  const env = useDepsAndServer((started) => (deps = started.deps), { db: kind });
  let w: World;

  beforeEach(async () => {
    w = await buildWorld(deps);
  });

  /** A tournament of the world's club, created and opened by its admin through the procedures. */
  async function openTournament(overrides: Record<string, unknown>, organizationId = w.orgId, as = w.asAdmin) {
    const created = await as.tournaments.create({ ...tournamentInput(w, overrides), organizationId } as never);
    const t = { organizationId, tournamentId: created.id };
    await as.tournaments.setStatus({ ...t, status: 'open' });
    // The slug, not enumerable: the procedures' strict inputs take the rest of it as it is.
    return Object.defineProperty(t, 'slug', { value: created.slug, enumerable: false }) as typeof t & { slug: string };
  }

  it.each(TRANSPORTS)(
    'over %s: my own starts from two clubs in Oslo time, summer and winter, and nobody else’s',
    async (transport) => {
      // A second club where Mona also plays, with its own admin.
      const second = await createOrganization(deps.db, 'Øvre Ålesund Golfklubb');
      const secondAdmin = await createUser(deps.db, { name: 'Åsmund Ådmin', handicapIndex: 15 });
      await addMember(deps.db, second.id, secondAdmin.id, 'admin');
      await addMember(deps.db, second.id, w.member.id, 'member');
      const asSecondAdmin = (await callerAs(deps, secondAdmin)).caller;
      const mona = (await callerAs(deps, w.member)).caller;
      const per = (await callerAs(deps, w.member2)).caller;

      // Club one: two June rounds, a start list for the first only.
      const june = await openTournament({
        name: 'Kløvermesterskapet',
        rounds: [
          { number: 1, courseId: w.bogstad.courseId, playedOn: '2026-06-13' },
          { number: 2, courseId: w.bogstad.courseId, playedOn: '2026-06-14' },
        ],
      });
      const monaJune = await mona.tournaments.enter(june);
      const perJune = await per.tournaments.enter(june);
      await w.asAdmin.tournaments.setGroups({
        ...june,
        round: 1,
        groups: [{ startsAt: '2026-06-13T06:10:00Z', tee: 1, entryIds: [monaJune.id, perJune.id] }],
      });
      // Club two: a November round off the 10th tee, with a guest.
      const november = await openTournament(
        { name: 'Høstpokalen', rounds: [{ number: 1, courseId: w.bogstad.courseId, playedOn: '2026-11-14' }] },
        second.id,
        asSecondAdmin,
      );
      const monaNovember = await mona.tournaments.enter(november);
      const guest = await asSecondAdmin.tournaments.enter({
        ...november,
        guest: { name: 'Åse Ødegård', handicapIndex: 22 },
      });
      await asSecondAdmin.tournaments.setGroups({
        ...november,
        round: 1,
        groups: [{ startsAt: '2026-11-14T07:10:00Z', tee: 10, entryIds: [monaNovember.id, guest.id] }],
      });
      // Per's own start, in a tournament Mona is not in; and a full one where Mona waits.
      const persOwn = await openTournament({ name: 'Pers pokal' });
      const perOwn = await per.tournaments.enter(persOwn);
      await w.asAdmin.tournaments.setGroups({
        ...persOwn,
        round: 1,
        groups: [{ startsAt: '2026-06-13T09:00:00Z', tee: 1, entryIds: [perOwn.id] }],
      });
      const full = await openTournament({ name: 'Fullt felt', entryLimit: 1 });
      await per.tournaments.enter(full);
      expect(await mona.tournaments.enter(full)).toMatchObject({ waitlisted: true, waitlistPosition: 1 });

      const me = await env.as(w.member, transport);
      const address = await me.call('account.calendar');
      expect(address.status).toBe(200);
      expect(address.body.url).toMatch(new RegExp(`^${deps.config.publicUrl}/calendar/[A-Za-z0-9_-]{43}\\.ics$`));
      // The same address on every later read.
      expect((await me.call('account.calendar')).body).toEqual(address.body);

      const anonymous = await env.as(null, transport);
      const feed = await anonymous.call('calendar.feed', { token: tokenOf(address.body.url) });
      expect(feed.status).toBe(200);
      const { timeZones, events } = readCalendar(feed.body.ics);
      expect(timeZones).toEqual(['Europe/Oslo']);
      const app = (t: { organizationId: string; tournamentId: string }) =>
        `${deps.config.publicUrl}/klubber/${t.organizationId}/turneringer/${t.tournamentId}`;
      const bySummary = Object.fromEntries(events.map((e) => [e.summary, e]));
      expect(Object.keys(bySummary).sort()).toEqual([
        'Fullt felt (venteliste)',
        'Høstpokalen: start tee 10',
        'Kløvermesterskapet, runde 1: start tee 1',
        'Kløvermesterskapet, runde 2',
      ]);
      // 08:10 in Oslo on a June day is 06:10 UTC (summer time), on a November day 07:10 UTC.
      expect(bySummary['Kløvermesterskapet, runde 1: start tee 1']).toMatchObject({
        startUtc: '2026-06-13T06:10:00.000Z',
        endUtc: '2026-06-13T10:40:00.000Z',
        startZone: 'Europe/Oslo',
        description: 'Spiller med: Per Medlem',
        url: app(june),
      });
      expect(bySummary['Kløvermesterskapet, runde 1: start tee 1']!.location).toContain('Bogstad');
      expect(feed.body.ics).toContain('DTSTART;TZID=Europe/Oslo:20260613T081000');
      expect(bySummary['Høstpokalen: start tee 10']).toMatchObject({
        startUtc: '2026-11-14T07:10:00.000Z',
        startZone: 'Europe/Oslo',
        description: 'Spiller med: Åse Ødegård',
        url: app(november),
      });
      expect(feed.body.ics).toContain('DTSTART;TZID=Europe/Oslo:20261114T081000');
      // Entered without a start yet: the day; waiting: the day, and the place.
      expect(bySummary['Kløvermesterskapet, runde 2']).toMatchObject({
        day: '2026-06-14',
        description: 'Starttiden er ikke satt ennå.',
      });
      expect(bySummary['Fullt felt (venteliste)']).toMatchObject({
        day: '2026-06-13',
        description: 'Du står som nummer 1 på ventelisten.',
      });
      // Per's own start is not Mona's business.
      expect(feed.body.ics).not.toContain('Pers pokal');
      expect(new Set(events.map((e) => e.uid)).size).toBe(events.length);

      // A new address: the old one is 404 from now on, the new one opens the same calendar.
      const renewed = await me.call('account.renewCalendar');
      expect(renewed.status).toBe(200);
      expect(renewed.body.url).not.toBe(address.body.url);
      expect((await me.call('account.calendar')).body).toEqual(renewed.body);
      const old = await anonymous.call('calendar.feed', { token: tokenOf(address.body.url) });
      expect(old).toMatchObject({
        status: 404,
        error: { code: 'NOT_FOUND', message: expect.stringContaining('Fant ikke kalenderen') },
      });
      const again = await anonymous.call('calendar.feed', { token: tokenOf(renewed.body.url) });
      // The same events under the same UIDs: a calendar app updates them rather than adding copies.
      expect(
        readCalendar(again.body.ics)
          .events.map((e) => e.uid)
          .sort(),
      ).toEqual(events.map((e) => e.uid).sort());
    },
  );

  it.each(TRANSPORTS)(
    'over %s: a public tournament’s rounds without names; members-only and drafts are 404',
    async (transport) => {
      const mona = (await callerAs(deps, w.member)).caller;
      const open = await openTournament({
        name: 'Åpne Ærlige Øyas Cup',
        rounds: [
          { number: 1, courseId: w.bogstad.courseId, playedOn: '2026-06-13' },
          { number: 2, courseId: w.bogstad.courseId, playedOn: '2026-11-14' },
        ],
      });
      const entries = [
        await mona.tournaments.enter(open),
        await w.asAdmin.tournaments.enter({ ...open, guest: { name: 'Gunnar Gjest', handicapIndex: 20 } }),
      ];
      await w.asAdmin.tournaments.setGroups({
        ...open,
        round: 1,
        groups: [
          { startsAt: '2026-06-13T06:10:00Z', tee: 1, entryIds: [entries[0]!.id] },
          { startsAt: '2026-06-13T08:00:00Z', tee: 1, entryIds: [entries[1]!.id] },
        ],
      });
      const anonymous = await env.as(null, transport);
      const res = await anonymous.call('public.calendar', { slug: open.slug });
      expect(res.status).toBe(200);
      const { timeZones, events } = readCalendar(res.body.ics);
      expect(timeZones).toEqual(['Europe/Oslo']);
      expect(events).toHaveLength(2);
      expect(events[0]).toMatchObject({
        summary: 'Åpne Ærlige Øyas Cup, runde 1',
        // From the first group's start to the last group's start and a round (4 h 30).
        startUtc: '2026-06-13T06:10:00.000Z',
        endUtc: '2026-06-13T12:30:00.000Z',
        url: `${deps.config.publicUrl}/t/${open.slug}`,
      });
      expect(events[0]!.location).toContain('Bogstad');
      expect(events[1]).toMatchObject({ summary: 'Åpne Ærlige Øyas Cup, runde 2', day: '2026-11-14' });
      expect(res.body.ics).not.toContain('Mona');
      expect(res.body.ics).not.toContain('Gunnar');
      // Read again: the same UIDs.
      const again = readCalendar((await anonymous.call('public.calendar', { slug: open.slug })).body.ics);
      expect(again.events.map((e) => e.uid)).toEqual(events.map((e) => e.uid));
      // The address the app gives an English reader words it in English, the same events.
      const english = readCalendar((await anonymous.call('public.calendar', { slug: open.slug, lang: 'en' })).body.ics);
      expect(english.events.map((e) => e.summary)).toEqual([
        'Åpne Ærlige Øyas Cup, round 1',
        'Åpne Ærlige Øyas Cup, round 2',
      ]);
      expect(english.events.map((e) => e.uid)).toEqual(events.map((e) => e.uid));
      expect(await anonymous.call('public.calendar', { slug: open.slug, lang: 'de' })).toMatchObject({
        status: 400,
        error: { code: 'INVALID_INPUT' },
      });

      const membersOnly = await openTournament({ name: 'Bare for medlemmer', visibility: 'members' });
      const draft = await w.asAdmin.tournaments.create(tournamentInput(w, { name: 'Utkastet' }) as never);
      // Not even a member of the club sees a members-only one here: a calendar app sends no session.
      const member = await env.as(w.member, transport);
      for (const [client, slug] of [
        [anonymous, membersOnly.slug],
        [member, membersOnly.slug],
        [anonymous, draft.slug],
        [anonymous, 'finnes-ikke'],
      ] as const) {
        expect(await client.call('public.calendar', { slug })).toMatchObject({
          status: 404,
          error: { code: 'NOT_FOUND', message: 'Fant ikke turneringen.' },
        });
      }
    },
  );

  it('gives two parallel first reads the same address, and one row', async () => {
    const user = await createUser(deps.db, { name: 'Parallell Pål' });
    const clients: Client[] = await Promise.all(Array.from({ length: 8 }, () => env.as(user, 'rest')));
    const answers = await fire(8, (i) => clients[i]!.call('account.calendar'));
    expect(answers.map((a) => a.status)).toEqual(Array(8).fill(200));
    expect(new Set(answers.map((a) => a.body.url)).size).toBe(1);
    expect(await deps.db.select().from(calendarFeed).where(eq(calendarFeed.userId, user.id))).toHaveLength(1);
  });

  it('answers as a calendar app expects, and an unknown token as any other 404', async () => {
    const me = await env.as(w.member, 'rest');
    const { url } = (await me.call('account.calendar')).body;
    const secret = await fetch(`${env.url}/calendar/${tokenOf(url)}.ics`);
    expect(secret.status).toBe(200);
    expect(secret.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    expect(secret.headers.get('cache-control')).toBe('private, no-store');
    expect(await secret.text()).toMatch(/^BEGIN:VCALENDAR\r\n/);

    const renewedUrl = (await me.call('account.renewCalendar')).body.url;
    expect(renewedUrl).not.toBe(url);
    const old = await fetch(`${env.url}/calendar/${tokenOf(url)}.ics`);
    const forged = await fetch(`${env.url}/calendar/${'A'.repeat(43)}.ics`);
    const odd = await fetch(`${env.url}/calendar/not%20a%20token.ics`);
    for (const res of [old, forged, odd]) {
      expect(res.status).toBe(404);
      expect(res.headers.get('cache-control')).toBe('no-store');
    }
    const bodies = await Promise.all([old, forged, odd].map((r) => r.json()));
    expect(new Set(bodies.map((b) => JSON.stringify(b))).size).toBe(1);

    const t = await openTournament({ name: 'Offentlig' });
    const open = await fetch(`${env.url}/public/tournaments/${t.slug}/calendar.ics`);
    expect(open.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    expect(open.headers.get('cache-control')).toBe('public, max-age=300');
  });

  it('stops answering the address once the account is deleted', async () => {
    const user: UserRow = await createUser(deps.db, { name: 'Slettes Snart' });
    const c = await env.as(user, 'rest');
    const { url } = (await c.call('account.calendar')).body;
    const anonymous = await env.as(null, 'rest');
    expect((await anonymous.call('calendar.feed', { token: tokenOf(url) })).status).toBe(200);
    // The data export says the address exists, and never what it is.
    const before = await c.call('account.export');
    const without = await env.as(await createUser(deps.db, { name: 'Uten Kalender' }), 'rest');
    expect((await without.call('account.export')).body.calendarAddress).toBeNull();
    expect(before.body.calendarAddress).toEqual({ since: expect.any(String) });
    expect(before.raw).not.toContain(tokenOf(url));
    expect((await c.call('account.requestDeletionCode')).error).toBeNull();
    const code = codeIn(lastMailTo(deps, user.email).text);
    expect((await c.call('account.delete', { code })).error).toBeNull();
    expect(await anonymous.call('calendar.feed', { token: tokenOf(url) })).toMatchObject({
      status: 404,
      error: { code: 'NOT_FOUND' },
    });
  });
});
