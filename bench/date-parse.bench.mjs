// Date parsing alone (the `date` processor's hot path): Sluice's compiled chrono matcher with a
// fixed `%z` offset (no luxon), with local times in an IANA zone (luxon offsets, cached per hour),
// and luxon's own DateTime.fromFormat for comparison. Bundles the pipeline-core time module from
// source with esbuild, so it needs no build. Run: node bench/date-parse.bench.mjs
import { build } from 'esbuild';
import { DateTime } from 'luxon';

const out = await build({
  stdin: {
    contents: "export { compileStrptime } from './src/time/strptime.ts';",
    resolveDir: new URL('../packages/pipeline-core/', import.meta.url).pathname,
    loader: 'ts',
  },
  bundle: true,
  format: 'esm',
  platform: 'node',
  write: false,
  external: ['luxon'],
});
// The bundle keeps `luxon` external; point it at the absolute module this file resolves.
const code = out.outputFiles[0].text.replaceAll('"luxon"', JSON.stringify(import.meta.resolve('luxon')));
const { compileStrptime } = await import('data:text/javascript;base64,' + Buffer.from(code).toString('base64'));

const N = 1_000_000;
const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const nginx = Array.from({ length: 1000 }, (_, i) => `${String(1 + (i % 28)).padStart(2, '0')}/${months[i % 12]}/2024:${String(i % 24).padStart(2, '0')}:${String(i % 60).padStart(2, '0')}:${String((i * 7) % 60).padStart(2, '0')} +0200`);
const local = nginx.map((s) => s.slice(0, -6));

function run(name, fn, inputs) {
  for (let i = 0; i < 50_000; i++) fn(inputs[i % inputs.length]); // warm-up
  const t0 = process.hrtime.bigint();
  let sink = 0n;
  for (let i = 0; i < N; i++) sink ^= fn(inputs[i % inputs.length]);
  const s = Number(process.hrtime.bigint() - t0) / 1e9;
  console.log(`${name.padEnd(58)} ${Math.round(N / s).toLocaleString('en-US').padStart(12)} parses/s  (${sink === 1n ? '' : 'ok'})`);
}

const withOffset = compileStrptime('%d/%b/%Y:%H:%M:%S %z');
const inZone = compileStrptime('%d/%b/%Y:%H:%M:%S', { timezone: 'Europe/Berlin' });
run("sluice '%d/%b/%Y:%H:%M:%S %z' (no luxon in the path)", (s) => withOffset(s).ns, nginx);
run("sluice '%d/%b/%Y:%H:%M:%S' in Europe/Berlin (cached luxon)", (s) => inZone(s).ns, local);
run("luxon DateTime.fromFormat('dd/MMM/yyyy:HH:mm:ss ZZZ')", (s) => BigInt(DateTime.fromFormat(s, 'dd/MMM/yyyy:HH:mm:ss ZZZ', { setZone: true }).toMillis()) * 1_000_000n, nginx);
console.log(`peak RSS ${(process.memoryUsage().rss / 1048576).toFixed(0)} MiB`);
