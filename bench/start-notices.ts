/**
 * What the start notices (decision 0428) add to a save of the start list, on PostgreSQL: once a start list is
 * published, every `setGroups` reads all rounds' groups again and compares each player's start with what
 * they were last told (`tellMovedPlayers`). Two tournaments of the same shape, 156 members × 4 rounds, one
 * published and one not, get the same save of round 1 alternately: two players swap groups, so in the
 * published one each save tells those two. The unpublished save is the floor; the figure is the ratio of
 * the published save's p50 (the target) and p99 to it, in the same run. The mails go after the commit (the development
 * outbox here), so the figure is what the organizer waits for.
 * Real PostgreSQL: BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres); a scratch database
 * is created and dropped. Usage: npm run bench:start-notices [-- --saves 200]
 */
import { cpus, loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { createCaller } from '../server/trpc/router';
import { addMember, createOrganization, createUser } from '../tests/helpers/factories';
import { demoCourseForTournament } from '../tests/helpers/tournaments';
import { benchDeps, callerContext, percentile, scratchPostgres, sessionToken } from './support';

const PLAYERS = 156;
const ROUNDS = 4;
/**
 * A published save may take at most half as long again as the same save unpublished, at the median (the
 * p99 is printed too; on two shared cores it is the machine's noise more than the work).
 */
const RATIO_TARGET = 1.5;

type Ids = { organizationId: string; tournamentId: string };

async function main() {
  const { values: args } = parseArgs({ options: { saves: { type: 'string', default: '200' } } });
  const saves = Number(args.saves);
  const scratch = await scratchPostgres(
    process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
  );
  const { deps, close } = await benchDeps({ databaseUrl: scratch.url });
  try {
    const course = await demoCourseForTournament(deps.db);
    const org = await createOrganization(deps.db, 'Startlisteklubben GK');
    const admin = await createUser(deps.db, { name: 'Arrangør', handicapIndex: 20 });
    await addMember(deps.db, org.id, admin.id, 'owner');
    const members: string[] = [];
    for (let i = 0; i < PLAYERS; i++) {
      const user = await createUser(deps.db, { name: `Spiller ${i + 1}`, handicapIndex: (i % 36) + 0.4 });
      await addMember(deps.db, org.id, user.id, 'member');
      members.push(user.id);
    }
    const caller = createCaller(callerContext(deps, await sessionToken(deps, admin.id)));
    const build = async (name: string): Promise<Ids & { round1: { startsAt: string; entryIds: string[] }[] }> => {
      const t = await caller.tournaments.create({
        organizationId: org.id,
        name,
        visibility: 'members',
        format: 'stroke_net',
        rounds: Array.from({ length: ROUNDS }, (_, i) => ({
          number: i + 1,
          courseId: course.courseId,
          playedOn: `2026-06-1${i + 1}`,
        })),
        divisions: [{ name: 'Åpen', teeId: course.tees['Gul/male']!.id }],
      });
      const ids = { organizationId: org.id, tournamentId: t.id };
      await caller.tournaments.setStatus({ ...ids, status: 'open' });
      for (const userId of members) await caller.tournaments.enter({ ...ids, userId });
      const rounds = [];
      for (let round = 1; round <= ROUNDS; round++)
        rounds.push(
          await caller.tournaments.setGroups({
            ...ids,
            round,
            generate: { firstStartsAt: `2026-06-1${round}T06:00:00.000Z`, intervalMinutes: 10, groupSize: 4 },
          }),
        );
      const round1 = rounds[0]!.groups.map((g) => ({ startsAt: g.startsAt, entryIds: g.entries.map((e) => e.id) }));
      return { ...ids, round1 };
    };
    const quiet = await build('Upublisert');
    const published = await build('Publisert');
    const idsOf = (t: Ids): Ids => ({ organizationId: t.organizationId, tournamentId: t.tournamentId });
    const told = await caller.tournaments.publishStartList(idsOf(published));

    /** Round 1 again with the first entry of groups 1 and 2 swapped, or swapped back: two players move. */
    const swapped = (t: typeof quiet, swap: boolean) =>
      t.round1.map((g, i) => {
        const entryIds = [...g.entryIds];
        if (swap && i < 2) entryIds[0] = t.round1[1 - i]!.entryIds[0]!;
        return { startsAt: g.startsAt, tee: 1 as const, entryIds };
      });
    const timings = { quiet: [] as number[], published: [] as number[] };
    const WARM_UP = 20;
    for (let i = 0; i < WARM_UP + saves; i++) {
      for (const [kind, t] of [
        ['quiet', quiet],
        ['published', published],
      ] as const) {
        const t0 = performance.now();
        await caller.tournaments.setGroups({
          organizationId: t.organizationId,
          tournamentId: t.tournamentId,
          round: 1,
          groups: swapped(t, i % 2 === 0),
        });
        if (i >= WARM_UP) timings[kind].push(performance.now() - t0);
      }
    }
    for (const list of Object.values(timings)) list.sort((a, b) => a - b);
    const figure = (list: number[], p: number) => percentile(list, p);
    const ratio50 = figure(timings.published, 50) / figure(timings.quiet, 50);
    const ratio99 = figure(timings.published, 99) / figure(timings.quiet, 99);
    console.log(
      `Start notices: ${PLAYERS} members × ${ROUNDS} rounds, round 1 saved ${saves} times in each tournament, alternately; PostgreSQL at ${scratch.host}; load average ${loadavg()[0]!.toFixed(1)} on ${cpus().length} cores; the publication told ${told.notified}\n`,
    );
    console.log('| measure | p50 | p99 |');
    console.log('|---|---|---|');
    console.log(
      `| setGroups, not published (the floor) | ${figure(timings.quiet, 50).toFixed(1)} ms | ${figure(timings.quiet, 99).toFixed(1)} ms |`,
    );
    console.log(
      `| setGroups, published: two players moved and told | ${figure(timings.published, 50).toFixed(1)} ms | ${figure(timings.published, 99).toFixed(1)} ms |`,
    );
    const met = ratio50 <= RATIO_TARGET;
    console.log(
      `| published against the floor | ${ratio50.toFixed(2)}× (target ≤ ${RATIO_TARGET}×: ${met ? 'met' : 'NOT met'}) | ${ratio99.toFixed(2)}× |`,
    );
    if (!met) process.exitCode = 1;
  } finally {
    await close();
    await scratch.drop();
  }
}

await main();
