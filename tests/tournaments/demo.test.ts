import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { seedDemoCoursesIfEmpty } from '../../server/courses/seed';
import { queryRows } from '../../server/db/client';
import { tournament } from '../../server/db/schema';
import { withTenant } from '../../server/db/tenancy';
import { computeLeaderboard } from '../../server/golf/leaderboard';
import { DEMO_TOURNAMENT_SLUG, seedDemoTournamentIfNone } from '../../server/tournaments/demo';
import { loadLeaderboardInput } from '../../server/tournaments/leaderboard-input';
import { listFeed } from '../../server/feed/items';
import { createTestDeps } from '../helpers/deps';

/** Decision 0414: a new install on the embedded default shows a public tournament in progress at once. */
describe('the demo tournament', () => {
  it('is a public Stableford day in progress that anyone reads as a leaderboard, made of guests, seeded once', async () => {
    const deps = await createTestDeps();
    await seedDemoCoursesIfEmpty(deps);
    const [{ users: usersBefore }] = (await queryRows<{ users: number }>(
      deps.db,
      sql`select count(*)::int as users from app_user`,
    )) as [{ users: number }];

    expect(await seedDemoTournamentIfNone(deps)).toBe(DEMO_TOURNAMENT_SLUG);
    expect(await seedDemoTournamentIfNone(deps)).toBe(null);

    // Read as an anonymous visitor is: no organization context, only what the policies let through.
    const board = await withTenant(deps.db, null, async (tx) => {
      const [row] = await tx.select().from(tournament).where(eq(tournament.slug, DEMO_TOURNAMENT_SLUG));
      expect(row).toMatchObject({ visibility: 'public', status: 'in_progress', format: 'stableford' });
      return computeLeaderboard(await loadLeaderboardInput(tx, row!));
    });
    expect(board.map((d) => [d.name, d.rows.length])).toEqual([
      ['Herrer', 20],
      ['Damer', 16],
    ]);
    const rows = board.flatMap((d) => d.rows);
    // Early groups are through, later ones out on the course, the last not started: a board in motion.
    expect(rows.filter((r) => r.thru === 'F').length).toBeGreaterThan(0);
    expect(rows.filter((r) => typeof r.thru === 'number' && r.thru > 0).length).toBeGreaterThan(0);
    expect(rows.filter((r) => r.thru === 0).length).toBeGreaterThan(0);
    for (const division of board) {
      expect(division.rows[0]!.position).toMatch(/^T?1$/);
      expect(division.rows[0]!.points).toBeGreaterThan(0);
    }
    // The public feed tells the day's story: opened, started, and the first group's hole in one.
    const { items } = await listFeed(deps, { language: 'nb' }, { limit: 10 });
    expect(items.map((i) => i.kind).sort()).toEqual(['highlight', 'tournament_opened', 'tournament_started']);
    expect(items.find((i) => i.kind === 'highlight')!.highlight).toMatchObject({
      strokes: 1,
      par: 3,
      label: 'hole_in_one',
    });

    const [{ users: usersAfter }] = (await queryRows<{ users: number }>(
      deps.db,
      sql`select count(*)::int as users from app_user`,
    )) as [{ users: number }];
    expect(usersAfter).toBe(usersBefore);
  });

  it('is not seeded into a database that already has a tournament', async () => {
    const deps = await createTestDeps();
    await seedDemoCoursesIfEmpty(deps);
    await seedDemoTournamentIfNone(deps);
    await deps.db.update(tournament).set({ slug: 'egen-turnering' });
    expect(await seedDemoTournamentIfNone(deps)).toBe(null);
  });
});
