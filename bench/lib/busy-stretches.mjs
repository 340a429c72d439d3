// Where a server's main thread was blocked: reads a V8 `.cpuprofile` (node --cpu-prof) and the load bench's
// stderr (`phase <name> @<us>` lines, SLUICE_LOAD_DEBUG=1), and prints, per phase, every stretch of
// consecutive non-idle samples longer than the threshold, with the frames (of Sluice's own code first)
// that were on the stack most often during it. A stretch is what /health waits behind.
// Run: node bench/lib/busy-stretches.mjs <file.cpuprofile> <bench-stderr.txt> [threshold ms, default 50]
import { readFileSync } from 'node:fs';

const [profFile, phasesFile, thresholdArg] = process.argv.slice(2);
if (!profFile || !phasesFile) {
  console.error('usage: node bench/lib/busy-stretches.mjs <file.cpuprofile> <bench-stderr.txt> [threshold ms]');
  process.exit(2);
}
const thresholdUs = Number(thresholdArg ?? 50) * 1000;
const prof = JSON.parse(readFileSync(profFile, 'utf8'));
const phases = [...readFileSync(phasesFile, 'utf8').matchAll(/^phase (.+) @(\d+)$/gm)].map((m) => ({ name: m[1], at: Number(m[2]) }));

const byId = new Map(prof.nodes.map((n) => [n.id, n]));
const parent = new Map();
for (const n of prof.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
const IDLE = new Set(['(idle)', '(root)']);
const short = (f) => `${f.functionName || '(anonymous)'} ${f.url.replace(/^.*\/(packages|node_modules)\//, '$1/')}:${f.lineNumber + 1}`;
const stack = (id) => {
  const out = [];
  for (let cur = id; cur !== undefined; cur = parent.get(cur)) {
    const f = byId.get(cur).callFrame;
    if (f.functionName === '(root)') break;
    out.push(f);
  }
  return out;
};

// Sample times (absolute, us) from the deltas.
const times = [];
let t = prof.startTime;
for (const d of prof.timeDeltas) times.push((t += d));

const stretches = [];
let cur;
for (let i = 0; i < prof.samples.length; i++) {
  const leaf = byId.get(prof.samples[i]).callFrame.functionName;
  if (IDLE.has(leaf)) {
    if (cur) stretches.push(cur);
    cur = undefined;
    continue;
  }
  cur ??= { start: times[i], end: times[i], samples: [] };
  cur.end = times[i];
  cur.samples.push(prof.samples[i]);
}
if (cur) stretches.push(cur);

const phaseOf = (at) => {
  let name = '(before the bench)';
  for (const p of phases) if (p.at <= at) name = p.name;
  return name;
};
const groups = new Map();
for (const s of stretches) {
  if (s.end - s.start < thresholdUs) continue;
  const name = phaseOf(s.start);
  if (!groups.has(name)) groups.set(name, []);
  groups.get(name).push(s);
}
for (const p of [{ name: '(before the bench)' }, ...phases]) {
  const list = groups.get(p.name);
  if (!list) continue;
  const total = list.reduce((a, s) => a + (s.end - s.start), 0);
  const longest = Math.max(...list.map((s) => s.end - s.start));
  console.log(`\n== ${p.name}: ${list.length} stretches >= ${thresholdUs / 1000} ms, total ${(total / 1000).toFixed(0)} ms, longest ${(longest / 1000).toFixed(0)} ms`);
  for (const s of list.sort((a, b) => b.end - b.start - (a.end - a.start)).slice(0, 4)) {
    const counts = new Map();
    for (const id of s.samples) {
      const seen = new Set();
      for (const f of stack(id)) {
        const key = short(f);
        if (seen.has(key)) continue;
        seen.add(key);
        counts.set(key, (counts.get(key) ?? 0) + 1);
      }
    }
    const ours = [...counts].filter(([k]) => k.includes('packages/') && !k.includes('node_modules')).sort((a, b) => b[1] - a[1]);
    const leaves = new Map();
    for (const id of s.samples) {
      const k = short(byId.get(id).callFrame);
      leaves.set(k, (leaves.get(k) ?? 0) + 1);
    }
    const topLeaves = [...leaves].sort((a, b) => b[1] - a[1]).slice(0, 4);
    console.log(`  ${((s.end - s.start) / 1000).toFixed(0)} ms at +${((s.start - (phases.find((x) => x.name === p.name)?.at ?? s.start)) / 1000).toFixed(0)} ms`);
    console.log(`    self: ${topLeaves.map(([k, n]) => `${k} (${Math.round((100 * n) / s.samples.length)}%)`).join('; ')}`);
    for (const [k, n] of ours.slice(0, 8)) console.log(`    ${String(Math.round((100 * n) / s.samples.length)).padStart(3)}%  ${k}`);
  }
}
