// Summarises a V8 .cpuprofile (node --cpu-prof): the share of samples by package (or our own code), the
// heaviest functions by self time, and by inclusive time (a function and everything it called).
// Usage: node bench/profile-summary.mjs file.cpuprofile [top] [--from S] [--to S] [--timeline]
//   --from/--to: only the samples between S seconds after the profile's start and S seconds (a window such as
//   the seconds after an instance was killed); --timeline: how busy the thread was in each second, to find it.
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: { from: { type: 'string' }, to: { type: 'string' }, timeline: { type: 'boolean', default: false } },
});
const [file, top = '25'] = positionals;
const profile = JSON.parse(readFileSync(file, 'utf8'));
const byId = new Map(profile.nodes.map((node) => [node.id, node]));
const parentOf = new Map();
for (const node of profile.nodes) for (const child of node.children ?? []) parentOf.set(child, node.id);
const isIdle = (id) => byId.get(id).callFrame.functionName === '(idle)';

// Each sample's time in seconds since the profile started (timeDeltas are microseconds between samples).
const times = [];
let at = 0;
for (const delta of profile.timeDeltas) {
  at += delta;
  times.push(at / 1e6);
}
const from = values.from === undefined ? 0 : Number(values.from);
const to = values.to === undefined ? Number.POSITIVE_INFINITY : Number(values.to);
const samples = profile.samples.filter((_, i) => times[i] >= from && times[i] < to);

if (values.timeline) {
  const seconds = new Map();
  profile.samples.forEach((id, i) => {
    const second = Math.floor(times[i]);
    const [busy, all] = seconds.get(second) ?? [0, 0];
    seconds.set(second, [busy + (isIdle(id) ? 0 : 1), all + 1]);
  });
  console.log('second  busy');
  for (const [second, [busy, all]] of seconds)
    console.log(`${String(second).padStart(6)}  ${((100 * busy) / all).toFixed(0).padStart(3)}%`);
  process.exit(0);
}

function placeOf(url) {
  if (!url) return '(native or idle)';
  const pkg = url.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/);
  if (pkg) return pkg[1];
  if (url.startsWith('node:')) return 'node core';
  const own = url.match(/\/(server|bench|shared)\/.*/);
  return own ? `ours: ${own[0].slice(1)}` : url;
}
const nameOf = (id) => {
  const { callFrame } = byId.get(id);
  const place = callFrame.functionName === '(idle)' ? '(idle)' : placeOf(callFrame.url);
  return `${callFrame.functionName || '(anonymous)'} ${place}`;
};

const places = new Map();
const functions = new Map();
const inclusive = new Map();
for (const id of samples) {
  const name = nameOf(id);
  const place = name.slice(name.indexOf(' ') + 1).replace(/^ours: (\w+)\/.*/, 'ours: $1/');
  places.set(place, (places.get(place) ?? 0) + 1);
  functions.set(name, (functions.get(name) ?? 0) + 1);
  // Every function on the sample's stack once, however often it recurs there.
  const seen = new Set();
  for (let node = id; node !== undefined; node = parentOf.get(node)) seen.add(nameOf(node));
  for (const frame of seen) inclusive.set(frame, (inclusive.get(frame) ?? 0) + 1);
}
const total = samples.length;
const busy = samples.filter((id) => !isIdle(id)).length;
const share = (count) => `${((100 * count) / total).toFixed(1)}%`;
const window = values.from || values.to ? ` between ${from} s and ${values.to ?? 'the end'}` : '';
console.log(`${total} samples${window}, ${share(busy)} busy\n\nby place (self time):`);
for (const [place, count] of [...places].sort((a, b) => b[1] - a[1]).slice(0, 20))
  console.log(`  ${share(count).padStart(6)}  ${place}`);
console.log('\nheaviest functions (self time):');
for (const [name, count] of [...functions].sort((a, b) => b[1] - a[1]).slice(0, Number(top)))
  console.log(`  ${share(count).padStart(6)}  ${name}`);
console.log('\nour functions by inclusive time (with what they called):');
for (const [name, count] of [...inclusive]
  .filter(([name]) => name.includes(' ours: server/'))
  .sort((a, b) => b[1] - a[1])
  .slice(0, Number(top)))
  console.log(`  ${share(count).padStart(6)}  ${name}`);
