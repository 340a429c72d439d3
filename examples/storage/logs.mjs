// The LMDB table store on its own: write, evolve, scan, delete, pipelines, reopen.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Timestamp } from '@sluice/pipeline-core';
import { openLmdbStore } from '@sluice/storage';

const dataHome = mkdtempSync(join(tmpdir(), 'sluice-example-'));
const schema = [
  { name: 'ts', type: 'timestamp_ms', semantic: 'timestamp' },
  { name: 'host', type: 'string', semantic: 'tag' },
  { name: 'level', type: 'string', semantic: 'field' },
  { name: 'message', type: 'string', semantic: 'field' },
];
const now = Date.now();

let store = await openLmdbStore({ dataHome });
try {
  // The first write creates the table: ts is the time index, host the primary key.
  await store.write([{
    db: 'public', table: 'app_logs', schema,
    rows: Array.from({ length: 1000 }, (_, i) => [now - 1000 + i, `web-${i % 3}`, i % 10 ? 'info' : 'error', `request ${i}`]),
    options: { append_mode: true, ttl: { text: '7d', ms: 7 * 86_400_000 } },
  }]);
  // A write with a new column adds it; older rows read it as null.
  await store.write([{
    db: 'public', table: 'app_logs',
    schema: [...schema, { name: 'duration_ms', type: 'float64', semantic: 'field' }],
    rows: [[Timestamp.fromMillis(now), 'web-0', 'error', 'slow request', 1234.5]],
  }]);
  const t = store.getTable('public', 'app_logs');
  console.log('columns:', t.columns.map((c) => `${c.name} ${c.type} ${c.semantic}`).join(', '));
  console.log('options:', t.options);

  // The 3 newest errors of web-0, newest first (predicates are applied by the store).
  for await (const batch of store.scan({
    db: 'public', table: 'app_logs', columns: ['ts', 'message', 'duration_ms'], descending: true, limit: 3,
    predicates: [{ column: 'host', op: '=', value: 'web-0' }, { column: 'level', op: '=', value: 'error' }],
  })) {
    for (let i = 0; i < batch.length; i++) console.log(' ', batch.columns.map((c) => String(c.values[i])).join(' | '));
  }

  // A type conflict names the column and both types, and writes nothing.
  try {
    await store.write([{ db: 'public', table: 'app_logs', schema: [schema[0], { name: 'level', type: 'int32', semantic: 'field' }], rows: [[now, 3]] }]);
  } catch (e) {
    console.log(`${e.name} (${e.code}): ${e.message}`);
  }

  // Widening: an Int64 column meets a Float64 value. Without widenColumns that is a conflict; with it
  // the column becomes Float64 and its stored values are rewritten in the same transaction as the write.
  const counts = [schema[0], { name: 'retries', type: 'int64', semantic: 'field' }];
  await store.write([{ db: 'public', table: 'app_logs', schema: counts, rows: [[now + 1, 2]] }]);
  await store.write([{ db: 'public', table: 'app_logs', schema: [schema[0], { name: 'retries', type: 'float64', semantic: 'field' }], rows: [[now + 2, 0.5]], widenColumns: true }]);
  const retries = [];
  for await (const b of store.scan({ db: 'public', table: 'app_logs', columns: ['retries'], timeRange: { startNs: BigInt(now + 1) * 1_000_000n } })) retries.push(...b.columns[0].values);
  console.log(`retries is now ${store.getTable('public', 'app_logs').columns.find((c) => c.name === 'retries').type}:`, retries);

  console.log('deleted:', await store.deleteRows({ db: 'public', table: 'app_logs', predicates: [{ column: 'level', op: '=', value: 'info' }] }));
  const p = await store.pipelines.put('nginx', 'processors:\n  - dissect:\n      fields: [message]\n');
  console.log('pipeline version:', p.version);
} finally {
  await store.close();
}

store = await openLmdbStore({ dataHome });
let rows = 0;
for await (const b of store.scan({ db: 'public', table: 'app_logs', columns: [] })) rows += b.length;
console.log(`after reopening: ${rows} rows, pipelines: ${store.pipelines.list().map((x) => x.name).join(', ')}, ${store.stats().bytesOnDisk} bytes`);
await store.close();
rmSync(dataHome, { recursive: true, force: true });
