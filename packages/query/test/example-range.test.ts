import { expect, it } from 'vitest';
import { runSqlExample } from './run-example.js';

const at = (hms: string) => Date.parse(`2026-03-01T${hms}Z`);

/** examples/sql/range.sql runs as documented: windows per host, FILL PREV / LINEAR, sliding windows, TO and BY over a subquery. */
it('examples/sql/range.sql', async () => {
  const rows = await runSqlExample('range', (v) => (typeof v === 'bigint' ? Number(v) : typeof v === 'number' ? Number(v.toFixed(6)) : v));
  expect(rows[0]).toEqual([[at('00:00:00'), 'web-1', 0.3], [at('00:01:00'), 'web-1', 0.9], [at('00:00:00'), 'web-2', 0.5], [at('00:00:30'), 'web-2', 0.7]]);
  expect(rows[1]).toEqual([
    [at('00:00:00'), 'web-1', 0.2, 0.2], [at('00:00:20'), 'web-1', 0.4, 0.4], [at('00:00:40'), 'web-1', 0.4, 0.65], [at('00:01:00'), 'web-1', 0.9, 0.9],
    [at('00:00:00'), 'web-2', 0.5, 0.5], [at('00:00:20'), 'web-2', 0.5, 0.6], [at('00:00:40'), 'web-2', 0.7, 0.7],
  ]);
  expect(rows[2]).toEqual([[at('00:00:00') - 30_000, 0.3, 3], [at('00:00:00'), 0.5, 4], [at('00:00:30'), 0.2, 2], [at('00:01:00'), 0, 1]]);
  expect(rows[3]).toEqual([[at('00:00:10'), 'web-1', 0.9], [at('00:00:10'), 'web-2', 0.7]]);
});
