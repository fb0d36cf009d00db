// Summarises a V8 .cpuprofile (node --cpu-prof): the share of samples by package (or our own code) and the
// heaviest functions by self time. Usage: node bench/profile-summary.mjs file.cpuprofile [top]
import { readFileSync } from 'node:fs';

const [file, top = '25'] = process.argv.slice(2);
const profile = JSON.parse(readFileSync(file, 'utf8'));
const byId = new Map(profile.nodes.map((node) => [node.id, node]));
const self = new Map();
for (const id of profile.samples) self.set(id, (self.get(id) ?? 0) + 1);
const total = profile.samples.length;

function placeOf(url) {
  if (!url) return '(native or idle)';
  const pkg = url.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/);
  if (pkg) return pkg[1];
  if (url.startsWith('node:')) return 'node core';
  const own = url.match(/\/(server|bench|shared)\//);
  return own ? `ours: ${own[1]}/` : url;
}

const places = new Map();
const functions = new Map();
for (const [id, count] of self) {
  const { callFrame } = byId.get(id);
  const place = callFrame.functionName === '(idle)' ? '(idle)' : placeOf(callFrame.url);
  places.set(place, (places.get(place) ?? 0) + count);
  const name = `${callFrame.functionName || '(anonymous)'} ${place}`;
  functions.set(name, (functions.get(name) ?? 0) + count);
}
const share = (count) => `${((100 * count) / total).toFixed(1)}%`;
console.log(`${total} samples\n\nby place (self time):`);
for (const [place, count] of [...places].sort((a, b) => b[1] - a[1]).slice(0, 20))
  console.log(`  ${share(count).padStart(6)}  ${place}`);
console.log('\nheaviest functions (self time):');
for (const [name, count] of [...functions].sort((a, b) => b[1] - a[1]).slice(0, Number(top)))
  console.log(`  ${share(count).padStart(6)}  ${name}`);
