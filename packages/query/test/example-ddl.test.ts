import { expect, it } from 'vitest';
import { runSqlExample } from './run-example.js';

/** examples/sql/ddl.sql runs as documented: MODIFY COLUMN converts, RENAME moves, metric tables sort and share tags. */
it('examples/sql/ddl.sql', async () => {
  const rows = await runSqlExample('ddl');
  expect(rows[1]).toEqual([['a', true, 0], ['b', false, 1], ['c', null, 2]]);
  expect(rows[2]).toEqual([['a', 'true', 0], ['b', 'false', 1], ['c', null, 2], ['d', 'free text', 3]]);
  expect(rows[3]).toEqual([['numbers'], ['sensor_readings']]);
  expect(rows[5]).toEqual([['h1', 0, 0.25], ['h2', 1, 0.75]]);
  expect(rows[6]!.map((r) => r[0])).toEqual(['ts', 'val', '__table_id', '__tsid', 'host', 'job']);
  expect(String(rows[7]![0]![1])).toContain('ENGINE=metric');
});
