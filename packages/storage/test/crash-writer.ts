// Child process for crash.test.ts: writes batches from argv[3] on, printing `ack <n>` after each write resolves.
// Each batch writes BATCH rows to `crash_log` (append mode: column chunks) and one row to `crash_index`
// (row layout) in the same write() call.
import { openLmdbStore } from '../src/index.js';

const BATCH = Number(process.env.CRASH_BATCH ?? 2000);
const dir = process.argv[2]!;
const first = Number(process.argv[3] ?? 0);
const store = await openLmdbStore({ dataHome: dir, ttlSweepIntervalMs: 0 });
const logSchema = [
  { name: 'ts', type: 'timestamp_ms', semantic: 'timestamp' },
  { name: 'host', type: 'string', semantic: 'tag' },
  { name: 'batch', type: 'int64', semantic: 'field' },
  { name: 'message', type: 'string', semantic: 'field' },
] as const;
const indexSchema = [
  { name: 'ts', type: 'timestamp_ms', semantic: 'timestamp' },
  { name: 'batch', type: 'int64', semantic: 'field' },
] as const;
for (let b = first; ; b++) {
  const rows = [];
  for (let i = 0; i < BATCH; i++) rows.push([b * BATCH + i, `host-${i % 50}`, b, `batch ${b} row ${i} `.padEnd(120, 'x')]);
  await store.write([
    { db: 'public', table: 'crash_log', schema: logSchema, rows, options: { append_mode: true } },
    { db: 'public', table: 'crash_index', schema: indexSchema, rows: [[b, b]] },
  ]);
  process.stdout.write(`ack ${b}\n`);
}
