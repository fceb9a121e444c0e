// Summarises a V8 CPU profile (.cpuprofile, e.g. from `npm run bench:proxy -- --profile <dir>`): self time by where
// the code comes from (Next, React, Node, our bundles, each library) and the functions with the most self time.
// Usage: node scripts/cpu-profile-summary.mjs <file.cpuprofile> [--top 30] [--from-ms <t> --to-ms <t>]
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { top: { type: 'string', default: '30' }, 'from-ms': { type: 'string' }, 'to-ms': { type: 'string' } },
});
if (positionals.length !== 1) {
  console.error('usage: node scripts/cpu-profile-summary.mjs <file.cpuprofile> [--top n] [--from-ms t --to-ms t]');
  process.exit(2);
}
const profile = JSON.parse(readFileSync(positionals[0], 'utf8'));
const byId = new Map(profile.nodes.map((n) => [n.id, n]));

/** Where a frame's code comes from, by its script URL (bundled libraries keep their node_modules path in Next's chunks' names only partly, so the chunk is named when nothing better is known). */
function origin(frame) {
  const url = frame.url || '';
  const name = frame.functionName;
  if (!url) {
    if (name === '(garbage collector)') return 'GC';
    if (name === '(idle)') return 'idle';
    if (name === '(program)') return 'V8 / native (program)';
    return `native ${name || '(anonymous)'}`;
  }
  if (url.startsWith('node:')) return `node ${url.slice(5).split('/')[0].replace(/^internal$/, 'internal')}`;
  const nm = url.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/g);
  if (nm) {
    const pkg = nm.at(-1).replace('node_modules/', '');
    if (pkg === 'next') {
      const sub = url.match(/next\/dist\/(?:compiled\/)?([^/]+)(?:\/([^/]+))?/);
      return `next ${sub ? sub[1] + (sub[2] && sub[1] !== 'compiled' ? '/' + sub[2] : '') : ''}`.trim();
    }
    return pkg;
  }
  const chunk = url.match(/\.next[^/]*\/server\/(.*)$/);
  if (chunk) return `bundle ${chunk[1].replace(/\[[^\]]*\]__/g, '').slice(0, 60)}`;
  return url.replace(/^file:\/\//, '').split('/').slice(-2).join('/');
}

const from = values['from-ms'] ? Number(values['from-ms']) * 1000 : -Infinity;
const to = values['to-ms'] ? Number(values['to-ms']) * 1000 : Infinity;
const self = new Map();
let t = 0;
let total = 0;
for (let i = 0; i < profile.samples.length; i++) {
  t += profile.timeDeltas[i] ?? 0;
  if (t < from || t > to) continue;
  const dt = profile.timeDeltas[i + 1] ?? 0;
  self.set(profile.samples[i], (self.get(profile.samples[i]) ?? 0) + dt);
  total += dt;
}
const byOrigin = new Map();
const byFunction = new Map();
for (const [id, us] of self) {
  const node = byId.get(id);
  const o = origin(node.callFrame);
  byOrigin.set(o, (byOrigin.get(o) ?? 0) + us);
  const f = `${node.callFrame.functionName || '(anonymous)'}  ${o}:${node.callFrame.lineNumber + 1}:${node.callFrame.columnNumber + 1}`;
  byFunction.set(f, (byFunction.get(f) ?? 0) + us);
}
const busy = total - (byOrigin.get('idle') ?? 0);
const pct = (us) => `${((us / busy) * 100).toFixed(1)} %`;
console.log(`profile: ${(total / 1e6).toFixed(1)} s sampled, ${(busy / 1e6).toFixed(1)} s busy (not idle); shares of busy time`);
console.log('\nself time by origin');
for (const [o, us] of [...byOrigin].filter(([o]) => o !== 'idle').sort((a, b) => b[1] - a[1]).slice(0, 25)) {
  console.log(`${pct(us).padStart(8)}  ${(us / 1000).toFixed(0).padStart(7)} ms  ${o}`);
}
console.log(`\ntop ${values.top} functions by self time`);
for (const [f, us] of [...byFunction].filter(([f]) => !f.includes(' idle:')).sort((a, b) => b[1] - a[1]).slice(0, Number(values.top))) {
  console.log(`${pct(us).padStart(8)}  ${f}`);
}
