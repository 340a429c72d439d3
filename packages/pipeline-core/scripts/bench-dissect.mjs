// Measures the dissect matcher alone (no pipeline, no transform) on nginx combined-log lines.
// Usage: node scripts/bench-dissect.mjs [lines]   (run `npm run generate` first)
// A script, not a test: speed is reported, never asserted.
import { build } from 'esbuild';

const src = new URL('../src/processors/dissect/', import.meta.url).pathname;
const out = await build({
  stdin: {
    contents: `export { parseDissectPattern } from './pattern.ts'; export { compileDissect } from './match.ts'; export { dissectProcessor } from './dissect.ts'; export { readYamlRoot } from '../../config/yaml.ts';`,
    resolveDir: src,
    loader: 'ts',
  },
  bundle: true,
  write: false,
  format: 'esm',
  platform: 'neutral',
  mainFields: ['module', 'main'],
});
const { parseDissectPattern, compileDissect, dissectProcessor, readYamlRoot } = await import(`data:text/javascript;base64,${Buffer.from(out.outputFiles[0].text).toString('base64')}`);

const N = Number(process.argv[2] ?? 1_000_000);
const pattern = '%{ip} - %{user} [%{time}] "%{method} %{path} %{proto}" %{status} %{bytes} "%{referer}" "%{agent}"';
const methods = ['GET', 'POST', 'PUT', 'DELETE'];
const lines = Array.from({ length: 10_000 }, (_, i) =>
  `10.0.${i % 256}.${(i * 7) % 256} - - [22/Nov/2026:04:${String(i % 60).padStart(2, '0')}:${String((i * 13) % 60).padStart(2, '0')} +0000] ` +
  `"${methods[i % 4]} /api/v1/items/${i}?page=${i % 17} HTTP/1.1" ${[200, 201, 404, 500][i % 4]} ${1000 + i} "https://example.com/p/${i % 97}" ` +
  `"Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.${i % 50}.0 Safari/537.36"`,
);
const matcher = compileDissect(parseDissectPattern(pattern), '');

const processor = dissectProcessor.compile(dissectProcessor.parse(readYamlRoot(`dissect:\n  field: message\n  patterns: [${JSON.stringify(pattern)}]\n`).map('dissect')));
const ctx = { now: null };

const runs = {
  'dissect matcher': (count) => {
    for (let i = 0; i < count; i++) {
      const doc = { message: lines[i % lines.length] };
      if (!matcher.match(doc.message, doc)) throw new Error(`no match: ${doc.message}`);
    }
  },
  'dissect processor exec': (count) => {
    for (let i = 0; i < count; i++) processor.exec({ message: lines[i % lines.length] }, ctx);
  },
};

for (const [name, run] of Object.entries(runs)) {
  run(200_000); // warm-up
  const t0 = process.hrtime.bigint();
  const c0 = process.cpuUsage();
  run(N);
  const s = Number(process.hrtime.bigint() - t0) / 1e9;
  const c = process.cpuUsage(c0);
  const cpu = (c.user + c.system) / 1e6;
  const rate = (x) => Math.round(N / x).toLocaleString('en-US');
  // CPU time is also shown: on a shared, loaded machine wall time mostly measures the neighbours.
  console.log(`${name}: ${N} nginx lines (10 fields): ${rate(s)} lines/s wall (${s.toFixed(3)} s), ${rate(cpu)} lines/s of CPU time (${cpu.toFixed(3)} s) (node ${process.version})`);
}
