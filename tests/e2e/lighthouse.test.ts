import { readdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIENT_DIST } from '../../server/app';
import { seedDemoCoursesIfEmpty } from '../../server/courses/seed';
import { DEMO_TOURNAMENT_SLUG, seedDemoTournamentIfNone } from '../../server/tournaments/demo';
import { startApp, type AppUnderTest } from './harness';
import {
  auditPage,
  describeFigures,
  type Chromium,
  type PageFigures,
  phoneSlowdown,
  startChromium,
} from './lighthouse-audit';

/**
 * The spectator's phone (issue 33, decisions 0513 and 0515): Lighthouse 12.2.3 itself, mobile, simulated slow
 * 4G and a slower CPU (Lighthouse's 4×, calibrated on a host slower than Lighthouse's own class: see
 * `phoneSlowdown`), scores the public tournament page, the sign-in page and the feed at least 90 for
 * performance with a layout shift under 0.1, on the built app with the demo tournament (36 players, two
 * classes, a public feed that tells the day).
 *
 * Each page gets up to five runs and passes on the first run that meets both bars. A run on a shared
 * machine is only ever slowed down by what else runs (a busy CPU lengthens the tasks Lighthouse multiplies
 * by its slowdown); it is never sped up, so the best run is the closest to the page itself. The bars are not
 * lowered for it: a page that cannot reach them on any of five runs fails. On a quiet machine of
 * Lighthouse's own class the first run passes and the others never start.
 */
const SCORE_AT_LEAST = 0.9;
const LAYOUT_SHIFT_BELOW = 0.1;
const RUNS_AT_MOST = 5;
const PAGES = [
  { name: 'the public tournament page', path: `/t/${DEMO_TOURNAMENT_SLUG}` },
  { name: 'the sign-in page', path: '/login' },
  { name: 'the feed', path: '/feed' },
] as const;

/**
 * The page and every file of the built app, asked for once before measuring: the server compresses each
 * file and renders each version of a page once per process, and a measured run should see what every later
 * reader gets. Every file, not only those the page names: the service worker a run installs precaches them
 * all, and their first compression would otherwise share the CPU with the run's own page.
 */
async function warmUp(url: string): Promise<void> {
  const headers = { 'Accept-Encoding': 'br, gzip' };
  await (await fetch(url, { headers })).arrayBuffer();
  const files = readdirSync(CLIENT_DIST, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && !entry.name.endsWith('.map'))
    .map(
      (entry) => `/${path.relative(CLIENT_DIST, path.join(entry.parentPath, entry.name)).split(path.sep).join('/')}`,
    );
  for (const file of files) await (await fetch(new URL(file, url), { headers })).arrayBuffer();
}

const passes = (figures: PageFigures) => figures.score >= SCORE_AT_LEAST && figures.cls < LAYOUT_SHIFT_BELOW;

describe('Lighthouse on a phone', () => {
  let app: AppUnderTest;
  let chromium: Chromium;

  beforeAll(async () => {
    app = await startApp();
    await seedDemoCoursesIfEmpty(app.deps);
    expect(await seedDemoTournamentIfNone(app.deps)).toBe(DEMO_TOURNAMENT_SLUG);
    chromium = await startChromium();
  });
  afterAll(async () => {
    await chromium?.close();
    await app?.close();
  });

  it.each(PAGES)(
    '$name scores ≥ 90 for performance with a layout shift < 0.1',
    async ({ name, path }) => {
      const url = `${app.url}${path}`;
      await warmUp(url);
      const runs: PageFigures[] = [];
      let failedRuns = 0;
      while (runs.length + failedRuns < RUNS_AT_MOST) {
        // Lighthouse's own failure to record a trace (NO_NAVSTART on a loaded machine) says nothing about the
        // page: it is logged and counts as one of the runs, and the next run goes on.
        // The first run at Lighthouse's own 4×; each later one calibrated by the host's speed in the run before.
        const slowdown = phoneSlowdown(runs.at(-1)?.benchmarkIndex ?? null);
        const figures = await auditPage(chromium, url, slowdown).catch((error: Error) => {
          if (!/NO_NAVSTART|trace/i.test(error.message)) throw error;
          console.log(`Lighthouse, ${name} (${path}): ${error.message}`);
          return null;
        });
        if (!figures) {
          failedRuns += 1;
          continue;
        }
        runs.push(figures);
        console.log(`Lighthouse, ${name} (${path}), run ${runs.length}: ${describeFigures(figures)}`);
        if (passes(figures)) break;
      }
      expect(runs.length, `${name}: Lighthouse recorded no run`).toBeGreaterThan(0);
      const best = runs.find(passes) ?? runs.reduce((a, b) => (b.score > a.score ? b : a));
      expect(best.score, `${name}: ${describeFigures(best)}`).toBeGreaterThanOrEqual(SCORE_AT_LEAST);
      expect(best.cls, `${name}: ${describeFigures(best)}`).toBeLessThan(LAYOUT_SHIFT_BELOW);
    },
    600_000,
  );
});
