import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import lighthouse from 'lighthouse';
import { CHROMIUM_PATH } from './harness';
import { unusedPort } from '../helpers/server';

/**
 * Lighthouse (12.2.3, its Node API) against a page, as a spectator's phone sees it: Lighthouse's default
 * configuration is the mobile form factor (a Moto G Power's screen) with simulated throttling (slow 4G, a
 * 4× slower CPU), which is what the issue's figures were measured with. Chromium is Debian's (CHROME_PATH,
 * as Lighthouse's own launcher names it, else the browser tests' CHROMIUM_PATH), started here with the flags
 * the project's stack notes name and a DevTools port for Lighthouse to drive.
 */
export interface PageFigures {
  score: number;
  cls: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  speedIndexMs: number;
  /** Lighthouse's measure of the host's CPU in this run (its BenchmarkIndex). */
  benchmarkIndex: number;
  /** The CPU slowdown the run simulated. */
  cpuSlowdown: number;
}

/**
 * Lighthouse's mobile CPU slowdown, 4×, makes a mid-tier phone of a host of the class Lighthouse is calibrated
 * on: a benchmark index of 1,500 to 2,000 (its throttling documentation; below 1,000 it warns that the host is
 * too slow for its figures). On a slower host the same 4× simulates a slower phone than the bar is about,
 * and the score measures the host. So the slowdown is scaled by the host's index against the bottom of that
 * class, as Lighthouse's documentation says to calibrate it (decision 0515): 4× on any host of 1,500 or more,
 * never less than on a host of 1,000 (2.67×), below which the run is measured as it is and may fail.
 */
export const LIGHTHOUSE_SLOWDOWN = 4;
const CALIBRATED_HOST_INDEX = 1500;
const SLOWEST_HOST_INDEX = 1000;

export function phoneSlowdown(hostIndex: number | null): number {
  if (hostIndex === null) return LIGHTHOUSE_SLOWDOWN;
  const host = Math.max(SLOWEST_HOST_INDEX, Math.min(CALIBRATED_HOST_INDEX, hostIndex));
  return (LIGHTHOUSE_SLOWDOWN * host) / CALIBRATED_HOST_INDEX;
}

export interface Chromium {
  port: number;
  close(): Promise<void>;
}

const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

async function devToolsAnswers(port: number): Promise<boolean> {
  try {
    const answer = await fetch(`http://127.0.0.1:${port}/json/version`);
    return answer.ok;
  } catch {
    return false;
  }
}

export async function startChromium(): Promise<Chromium> {
  const port = await unusedPort();
  const profile = mkdtempSync(path.join(tmpdir(), 'lighthouse-chromium-'));
  const child: ChildProcess = spawn(
    process.env.CHROME_PATH ?? CHROMIUM_PATH,
    [...CHROMIUM_FLAGS, `--remote-debugging-port=${port}`, `--user-data-dir=${profile}`, 'about:blank'],
    { stdio: 'ignore' },
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const deadline = Date.now() + 20_000;
  while (!(await devToolsAnswers(port))) {
    if (child.exitCode !== null || Date.now() > deadline) throw new Error('Chromium did not open its DevTools port');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    port,
    async close() {
      child.kill('SIGTERM');
      await exited;
      // Chromium's helper processes can still be writing the profile for a moment after the browser has
      // exited (a CI run once failed on ENOTEMPTY here): Node's own retries wait them out.
      rmSync(profile, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 });
    },
  };
}

export async function auditPage(
  chromium: Chromium,
  url: string,
  cpuSlowdown = LIGHTHOUSE_SLOWDOWN,
): Promise<PageFigures> {
  const result = await lighthouse(url, {
    port: chromium.port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance'],
    formFactor: 'mobile',
    throttlingMethod: 'simulate',
    // Merged into the mobile slow-4G defaults: only the CPU's factor moves.
    throttling: { cpuSlowdownMultiplier: cpuSlowdown },
  });
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  const value = (id: string) => {
    const figure = lhr.audits[id]?.numericValue;
    if (figure === undefined) throw new Error(`Lighthouse measured no ${id} on ${url}`);
    return figure;
  };
  const score = lhr.categories.performance?.score;
  if (score === null || score === undefined) throw new Error(`Lighthouse gave ${url} no performance score`);
  return {
    score,
    cls: value('cumulative-layout-shift'),
    fcpMs: value('first-contentful-paint'),
    lcpMs: value('largest-contentful-paint'),
    tbtMs: value('total-blocking-time'),
    speedIndexMs: value('speed-index'),
    benchmarkIndex: lhr.environment.benchmarkIndex,
    cpuSlowdown: lhr.configSettings.throttling.cpuSlowdownMultiplier,
  };
}

export function describeFigures(figures: PageFigures): string {
  return [
    `score ${Math.round(figures.score * 100)}`,
    `FCP ${(figures.fcpMs / 1000).toFixed(2)} s`,
    `LCP ${(figures.lcpMs / 1000).toFixed(2)} s`,
    `CLS ${figures.cls.toFixed(3)}`,
    `TBT ${Math.round(figures.tbtMs)} ms`,
    `SI ${(figures.speedIndexMs / 1000).toFixed(2)} s`,
    `host CPU index ${Math.round(figures.benchmarkIndex)}, slowdown ${figures.cpuSlowdown.toFixed(2)}×`,
  ].join(', ');
}
