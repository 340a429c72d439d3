// How a bench hands its figures to run-all: `report(name, result)` writes `<dir>/<name>.json` when run-all
// set SLUICE_BENCH_RESULTS (a bench run on its own just prints). A result is
//   { title, rows: [{ work, unit, better: 'higher' | 'lower', values: { <system>: number }, note? }] }
// run-all prints every row with the ratio of Sluice to each peer, writes bench/results/latest.json, and
// charts the rows whose unit is a throughput (`rows/s`, `lines/s`).
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';

export function report(name, result) {
  const dir = process.env.SLUICE_BENCH_RESULTS;
  if (dir) writeFileSync(join(dir, `${name}.json`), JSON.stringify(result, null, 2));
}
