import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import {
  course,
  courseHole,
  organization,
  tee,
  tournament,
  tournamentDivision,
  tournamentEntry,
  tournamentEvent,
  tournamentGroup,
  tournamentGroupEntry,
  tournamentRound,
  tournamentScore,
} from '../db/schema';
import type { Deps } from '../deps';
import { allocateStrokes, courseHandicap, playingHandicap } from '../golf';
import { postTournamentStatus, tournamentScoreHighlight } from '../feed/tournaments';
import type { FeedWriter } from '../feed/items';
import { searchTextOf } from './tournaments';

/**
 * The embedded default's demo tournament: a public Stableford day in progress on Bogstad (the demo courses'
 * Oslo GK), 36 guests in two classes, groups of four from 08:00 every ten minutes, the early groups through
 * and the late ones on their first holes. A new user opens /turneringer or /t/vaarcup-demo and sees a live
 * leaderboard at once, and the public feed tells of its opening, its start and a hole in one. The players are guests: the demo creates no accounts anyone could sign in to.
 * Written directly as the database owner, like the demo courses, and only into a database without any
 * tournament; the scores are made up from a fixed seed, so every new install shows the same board.
 */
export const DEMO_TOURNAMENT_SLUG = 'vaarcup-demo';
const DEMO_ORGANIZATION = 'Demoklubben GK';
const ALLOWANCE_PERCENT = 95;
const GROUP_INTERVAL_MINUTES = 10;
/** Each group is this many holes behind the one before it: the first through, the last two not yet out. */
const HOLES_BEHIND_PER_GROUP = 2.5;

const MEN = [
  'Ola Nordmann',
  'Per Hansen',
  'Lars Johansen',
  'Knut Olsen',
  'Erik Larsen',
  'Jon Andersen',
  'Bjørn Pedersen',
  'Svein Nilsen',
  'Arne Kristiansen',
  'Tor Jensen',
  'Håkon Karlsen',
  'Øyvind Berg',
  'Geir Haugen',
  'Trond Hagen',
  'Morten Eriksen',
  'Rune Bakken',
  'Stian Dahl',
  'Espen Lie',
  'Magnus Strand',
  'Anders Moen',
];
const WOMEN = [
  'Kari Nordmann',
  'Ingrid Solberg',
  'Anne Holm',
  'Marit Lund',
  'Liv Jacobsen',
  'Hilde Ruud',
  'Silje Aas',
  'Ragnhild Vik',
  'Tone Moe',
  'Åse Sæther',
  'Gro Brekke',
  'Randi Nygård',
  'Heidi Lien',
  'Siri Fjeld',
  'Nina Bø',
  'Mari Ødegård',
];

/** A small deterministic generator (mulberry32): the same board on every install. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A plausible gross score: par plus the strokes the player receives, give or take a few. */
function grossOn(par: number, received: number, next: () => number): number {
  const roll = next();
  const swing = roll < 0.08 ? -1 : roll < 0.55 ? 0 : roll < 0.85 ? 1 : roll < 0.97 ? 2 : 3;
  return Math.max(1, par + received + swing - (received > 0 && next() < 0.3 ? 1 : 0));
}

export async function seedDemoTournamentIfNone(
  deps: Pick<Deps, 'db' | 'logger' | 'now' | 'bus'>,
): Promise<string | null> {
  const db: Database = deps.db;
  const [any] = await db.select({ one: sql<number>`1` }).from(tournament).limit(1);
  if (any) return null;
  const [bogstad] = await db
    .select({ id: course.id })
    .from(course)
    .where(and(eq(course.name, 'Bogstad'), eq(course.kind, 'official'), isNull(course.retiredAt)))
    .limit(1);
  if (!bogstad) return null;
  const tees = await db.select().from(tee).where(eq(tee.courseId, bogstad.id));
  const yellow = tees.find((t) => t.name === 'Gul' && t.gender === 'male');
  const red = tees.find((t) => t.name === 'Rød' && t.gender === 'female');
  if (!yellow || !red) return null;
  const holes = await db
    .select()
    .from(courseHole)
    .where(eq(courseHole.courseId, bogstad.id))
    .orderBy(courseHole.number);
  const received = (ph: number) =>
    allocateStrokes(
      ph,
      holes.map((h) => h.strokeIndex),
    );

  const now = deps.now();
  const today = now.toISOString().slice(0, 10);
  return db.transaction(async (tx) => {
    const [org] = await tx.insert(organization).values({ name: DEMO_ORGANIZATION }).returning();
    const organizationId = org!.id;
    const [t] = await tx
      .insert(tournament)
      .values({
        organizationId,
        slug: DEMO_TOURNAMENT_SLUG,
        name: 'Vårcupen (demo)',
        description:
          'En demoturnering: stableford over 18 hull på Bogstad, med herre- og dameklasse. Poengene er oppdiktet.',
        visibility: 'public',
        format: 'stableford',
        allowancePercent: ALLOWANCE_PERCENT,
        courseId: bogstad.id,
        status: 'in_progress',
        startedAt: now,
        searchText: searchTextOf('Vårcupen (demo)', DEMO_ORGANIZATION),
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    const tournamentId = t!.id;
    const rows = { tournamentId, organizationId };
    await tx.insert(tournamentRound).values({ ...rows, number: 1, playedOn: today });
    const [men, women] = await tx
      .insert(tournamentDivision)
      .values([
        { ...rows, name: 'Herrer', teeId: yellow.id, position: 0 },
        { ...rows, name: 'Damer', teeId: red.id, position: 1 },
      ])
      .returning();

    const next = random(2026);
    const players = [
      ...MEN.map((name) => ({ name, division: men!, tee: yellow })),
      ...WOMEN.map((name) => ({ name, division: women!, tee: red })),
    ].map((p) => ({ ...p, index: Math.round((2 + next() * 32) * 10) / 10 }));
    // Groups by handicap, highest first, as a club's draw often is; the order of the list is the start order.
    players.sort((a, b) => b.index - a.index);

    const firstStart = new Date(`${today}T06:00:00Z`);
    const highlights: { entryId: string; round: number; hole: number; strokes: number }[] = [];
    for (let g = 0; g * 4 < players.length; g++) {
      const [group] = await tx
        .insert(tournamentGroup)
        .values({
          ...rows,
          round: 1,
          startsAt: new Date(firstStart.getTime() + g * GROUP_INTERVAL_MINUTES * 60_000),
          tee: 1,
          position: g,
        })
        .returning();
      const holesPlayed = Math.max(0, Math.floor(18 - g * HOLES_BEHIND_PER_GROUP));
      for (const [position, p] of players.slice(g * 4, g * 4 + 4).entries()) {
        const ch = courseHandicap(p.index, { slope: p.tee.slope, courseRating: p.tee.courseRating, par: p.tee.par });
        const ph = playingHandicap(ch, ALLOWANCE_PERCENT);
        const [entry] = await tx
          .insert(tournamentEntry)
          .values({
            ...rows,
            divisionId: p.division.id,
            name: p.name,
            isGuest: true,
            handicapIndex: p.index,
            courseHandicap: ch,
            playingHandicap: ph,
          })
          .returning();
        await tx
          .insert(tournamentGroupEntry)
          .values({ ...rows, groupId: group!.id, entryId: entry!.id, round: 1, position });
        const strokes = received(ph);
        const scores = holes.slice(0, holesPlayed).map((h, i) => ({
          ...rows,
          entryId: entry!.id,
          round: 1,
          hole: h.number,
          strokes: grossOn(h.par, strokes[i]!, next),
        }));
        // The day's talking point: the first group's leading player holed in one on the first par 3.
        const aceOn = g === 0 && position === 0 ? scores.find((s) => holes[s.hole - 1]!.par === 3) : undefined;
        if (aceOn) aceOn.strokes = 1;
        if (scores.length > 0) await tx.insert(tournamentScore).values(scores);
        if (aceOn) highlights.push({ entryId: entry!.id, round: 1, hole: aceOn.hole, strokes: 1 });
      }
    }
    await tx.insert(tournamentEvent).values({ ...rows, payload: { type: 'status' } });

    // The public feed tells the day's story as the operations would have: opened, started, the hole in one.
    // Nobody is subscribed yet at start, so there is nothing to announce after the commit.
    const writer: FeedWriter = { tx, afterCommit: () => {} };
    await postTournamentStatus(deps, writer, { ...t!, status: 'open' });
    await postTournamentStatus(deps, writer, t!);
    for (const highlight of highlights) await tournamentScoreHighlight(deps, writer, t!, highlight);
    deps.logger.info({ slug: DEMO_TOURNAMENT_SLUG, players: players.length }, 'demo tournament seeded');
    return DEMO_TOURNAMENT_SLUG;
  });
}
