import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { runCase, type PortedCase, type StatementResult } from './sqlness/run-case.js';

/**
 * GreptimeDB's sqlness cases (ported by scripts/port-sqlness.mjs into test/sqlness/cases), replayed
 * statement by statement on a fresh store and compared with GreptimeDB's printed output. Known
 * differences live in test/sqlness/baseline.json (`case -> statement index -> reason`): a statement
 * failing outside the baseline fails the test; baseline statements that now pass are listed so the
 * baseline ratchets (SQLNESS_UPDATE=1 rewrites it, keeping existing reasons). Headers are counted
 * separately and must not fall below `headerFloor`.
 */
interface Baseline {
  headerFloor: number;
  statements: Record<string, Record<string, string>>;
}

const root = fileURLToPath(new URL('./sqlness/cases/', import.meta.url));
const baselinePath = fileURLToPath(new URL('./sqlness/baseline.json', import.meta.url));
const baseline = JSON.parse(readFileSync(baselinePath, 'utf8')) as Baseline;
const update = process.env['SQLNESS_UPDATE'] === '1';
const only = process.env['SQLNESS_ONLY'];

const walk = (d: string): string[] => readdirSync(d).flatMap((f) => (statSync(join(d, f)).isDirectory() ? walk(join(d, f)) : [join(d, f)]));
const files = walk(root)
  .filter((f) => f.endsWith('.json'))
  .sort()
  .filter((f) => !only || f.includes(only));

const all = new Map<string, StatementResult[]>();
/** SQLNESS_DUMP=<file>: every failing statement with expected and actual output, for triage. */
const dump = process.env['SQLNESS_DUMP'];
const dumped: unknown[] = [];

describe('sqlness (GreptimeDB cases)', () => {
  for (const f of files) {
    const key = relative(root, f).replace(/\.json$/, '');
    it(key, async () => {
      const c = JSON.parse(readFileSync(f, 'utf8')) as PortedCase;
      const results = await runCase(c);
      all.set(key, results);
      if (dump) for (const r of results) if (!r.headerPass) dumped.push({ key, index: r.index, pass: r.pass, sql: c.statements[r.index]!.sql, reason: r.reason, expect: c.statements[r.index]!.expect, actual: r.actual });
      const known = baseline.statements[key] ?? {};
      const regressions = results.filter((r) => !r.pass && known[r.index] === undefined);
      const fixed = results.filter((r) => r.pass && known[r.index] !== undefined);
      if (fixed.length) console.log(`${key}: now passing (remove from baseline): ${fixed.map((r) => r.index).join(', ')}`);
      if (!update) {
        const detail = regressions.map((r) => `#${r.index} ${c.statements[r.index]!.sql.slice(0, 200)}\n  reason: ${r.reason}\n  expected:\n${c.statements[r.index]!.expect}\n  actual:\n${r.actual ?? ''}`);
        expect(detail, `${key}: statements outside the baseline fail`).toEqual([]);
      }
    }, 120_000);
  }

  it('pass rate', () => {
    const rs = [...all.values()].flat();
    const pass = rs.filter((r) => r.pass).length;
    const headers = rs.filter((r) => r.headerPass).length;
    const pct = (n: number) => ((100 * n) / Math.max(1, rs.length)).toFixed(1);
    const reasons = new Map<string, number>();
    for (const r of rs) if (!r.pass) reasons.set(r.reason ?? '?', (reasons.get(r.reason ?? '?') ?? 0) + 1);
    const top = [...reasons].sort((a, b) => b[1] - a[1]).slice(0, 40);
    console.log(`sqlness: ${pass}/${rs.length} statements (${pct(pass)}%), with headers ${headers}/${rs.length} (${pct(headers)}%)\n` + top.map(([k, n]) => `${String(n).padStart(5)}  ${k}`).join('\n'));
    if (update && !only) {
      const statements: Baseline['statements'] = {};
      for (const [key, results] of [...all].sort((a, b) => a[0].localeCompare(b[0]))) {
        const known = baseline.statements[key] ?? {};
        const failing = results.filter((r) => !r.pass);
        if (failing.length) statements[key] = Object.fromEntries(failing.map((r) => [String(r.index), known[r.index] ?? r.reason ?? '?']));
      }
      writeFileSync(baselinePath, JSON.stringify({ headerFloor: headers, statements }, null, 1) + '\n');
    } else if (!only) {
      expect(headers, 'statements whose headers match too').toBeGreaterThanOrEqual(baseline.headerFloor);
    }
  });
});

afterAll(() => {
  if (dump) writeFileSync(dump, JSON.stringify(dumped, null, 1));
});
