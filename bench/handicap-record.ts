/**
 * The handicap record's computation (server/golf/handicap-record.ts) for a player of 500 scores: p99 < 5 ms.
 * The record is recomputed whenever a score enters or leaves, and read on every GET /account/handicap, so it
 * is pure CPU work on the request's path. No database: the scores are built here, as the database would
 * hand them over.
 *
 * The scores: 500 over about five years (a round every 3–4 days), one in eight a nine-hole score, courses of
 * slope 105–150, differentials 5–30 with a slow trend and a few exceptional rounds (so reductions and caps
 * are exercised). Beside it, in the same run, a floor: sorting 500 numbers and averaging the lowest 8, the
 * least any index computation over the whole record could cost.
 *
 * The exit status is non-zero if the p99 is 5 ms or more. On a machine that other processes load, the p99
 * includes their turns on the CPU: with a load average of 4 on 2 cores, p50 0.6 ms and p99 1.6–5 ms from
 * run to run (the process's CPU time was no steadier: it counts V8's helper threads too). The load average
 * is printed with the figures.
 * Usage: npm run bench:handicap [-- --scores 500 --runs 2000]
 */
import { cpus, loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { handicapRecord, type PlayedScore } from '../server/golf';
import { percentile } from './support';

const TARGET_MS = 5;
const WARM_UP = 300;

/** A fixed pseudo-random sequence (mulberry32), so every run measures the same record. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

function isoDate(dayNumber: number): string {
  return new Date(Date.UTC(2020, 0, 1) + dayNumber * 86_400_000).toISOString().slice(0, 10);
}

function buildScores(count: number): PlayedScore[] {
  const next = random(20_260_101);
  const scores: PlayedScore[] = [];
  let dayNumber = 0;
  for (let i = 0; i < count; i++) {
    dayNumber += Math.floor(next() * 7);
    const nine = next() < 0.125;
    const slope = 105 + Math.floor(next() * 46);
    // A player drifting from the high 20s to the low teens over the years, with the odd exceptional round.
    const trend = 28 - (18 * i) / count;
    const differential = next() < 0.02 ? trend - 12 : Math.max(5, Math.min(30, trend + (next() - 0.3) * 10));
    const courseRating = Math.round((nine ? 33 + next() * 5 : 67 + next() * 9) * 10) / 10;
    const share = nine ? differential / 2 : differential;
    scores.push({
      id: `score-${i}`,
      playedOn: isoDate(dayNumber),
      sequence: i,
      holes: nine ? 9 : 18,
      adjustedGross: Math.round(courseRating + (share * slope) / 113),
      courseRating,
      slope,
      par: nine ? 36 : 72,
    });
  }
  return scores;
}

/** Runs `work` `runs` times after a warm-up: each run's wall-clock time in ms, sorted ascending. */
function measure(runs: number, work: () => unknown): number[] {
  const timings: number[] = [];
  let sink = 0;
  for (let i = 0; i < WARM_UP + runs; i++) {
    const t0 = performance.now();
    const result = work();
    const elapsed = performance.now() - t0;
    if (result !== null) sink++;
    if (i >= WARM_UP) timings.push(elapsed);
  }
  if (sink === 0) throw new Error('nothing was computed');
  return timings.sort((a, b) => a - b);
}

function figures(timings: number[]): string {
  return `${percentile(timings, 50).toFixed(3)} | ${percentile(timings, 99).toFixed(3)} | ${timings.at(-1)!.toFixed(3)}`;
}

function main(): void {
  const { values: args } = parseArgs({
    options: { scores: { type: 'string', default: '500' }, runs: { type: 'string', default: '2000' } },
  });
  const scores = buildScores(Number(args.scores));
  const runs = Number(args.runs);
  const sample = handicapRecord(scores);
  const nines = scores.filter((s) => s.holes === 9).length;
  const reductions = sample.scores.filter((s) => s.exceptionalReduction > 0).length;

  const ours = measure(runs, () => handicapRecord(scores));
  const numbers = scores.map((_, i) => 5 + ((i * 7919) % 250) / 10);
  const floor = measure(runs, () => {
    const sorted = [...numbers].sort((a, b) => a - b);
    let sum = 0;
    for (let i = 0; i < 8; i++) sum += sorted[i]!;
    return sum / 8;
  });

  const p99 = percentile(ours, 99);
  const met = p99 < TARGET_MS;
  console.log(
    `Handicap record: ${scores.length} scores (${nines} nine-hole) from ${scores[0]!.playedOn} to ${scores.at(-1)!.playedOn}, ` +
      `index ${sample.calculatedIndex}, Low HI ${sample.lowIndex}, ${sample.history.length} history points, ` +
      `${reductions} exceptional reductions; ${runs} runs after ${WARM_UP} warm-up, Node ${process.version}, ` +
      `load average ${loadavg()[0]!.toFixed(1)} on ${cpus().length} cores\n`,
  );
  console.log('| measure | p50 ms | p99 ms | max ms |');
  console.log('|---|---|---|---|');
  console.log(`| handicapRecord, ${scores.length} scores | ${figures(ours)} |`);
  console.log(`| floor: sort ${scores.length} numbers, average the lowest 8 | ${figures(floor)} |`);
  console.log('');
  console.log('| ratio | figure |');
  console.log('|---|---|');
  console.log(`| p99 / the ${TARGET_MS} ms target | ${(p99 / TARGET_MS).toFixed(3)}: ${met ? 'met' : 'NOT met'} |`);
  console.log(
    `| against the floor | p50 ${(percentile(ours, 50) / percentile(floor, 50)).toFixed(1)}×, p99 ${(p99 / percentile(floor, 99)).toFixed(1)}× |`,
  );
  if (!met) process.exitCode = 1;
}

main();
