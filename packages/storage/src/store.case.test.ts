import { StatusCode } from '@sluice/pipeline-core';
import { afterEach, describe, expect, it } from 'vitest';
import type { Store, TableDef } from './store.js';
import { runAggregateCases } from './store-aggregate.case.test.js';
import { runScanCases } from './store-scan.case.test.js';
import { collect, count, LOG_SCHEMA, sampleRows } from './test-support.js';

/**
 * The storage contract every Store backend must pass. A backend test calls
 * `runStoreCases('lmdb', () => openLmdbStore(...))`; the factory returns a fresh, empty store.
 */
export function runStoreCases(name: string, factory: () => Promise<Store>): void {
  describe(`Store contract: ${name}`, () => {
    const open: Store[] = [];
    const fresh = async () => {
      const s = await factory();
      open.push(s);
      return s;
    };
    afterEach(async () => {
      for (const s of open.splice(0)) await s.close();
    });

    const rows = sampleRows;

    describe('databases', () => {
      it('has public, creates, lists and drops databases', async () => {
        const s = await fresh();
        expect(s.listDatabases()).toEqual(['public']);
        await s.createDatabase('metrics');
        expect(s.listDatabases()).toEqual(['metrics', 'public']);
        await expect(s.createDatabase('metrics')).rejects.toMatchObject({ name: 'DatabaseAlreadyExistsError', code: StatusCode.DatabaseAlreadyExists });
        await s.createDatabase('metrics', { ifNotExists: true });
        await s.write([{ db: 'metrics', table: 'cpu', schema: LOG_SCHEMA, rows: rows(3) }]);
        await s.dropDatabase('metrics');
        expect(s.listDatabases()).toEqual(['public']);
        expect(() => s.listTables('metrics')).toThrow(expect.objectContaining({ code: StatusCode.DatabaseNotFound }));
        await expect(s.dropDatabase('metrics')).rejects.toMatchObject({ name: 'DatabaseNotFoundError', code: StatusCode.DatabaseNotFound });
        await s.dropDatabase('metrics', { ifExists: true });
      });

      it('keeps database options through create and alterDatabase (stores that keep them)', async () => {
        const s = await fresh();
        if (!s.alterDatabase || !s.databaseOptions) return;
        await s.createDatabase('opts', { options: { ttl: '1h' } });
        expect(s.databaseOptions('opts')).toEqual({ ttl: '1h' });
        await s.alterDatabase('opts', { set: { 'compaction.type': 'twcs', ttl: '2h' } });
        expect(s.databaseOptions('opts')).toEqual({ ttl: '2h', 'compaction.type': 'twcs' });
        await s.alterDatabase('opts', { unset: ['ttl'] });
        expect(s.databaseOptions('opts')).toEqual({ 'compaction.type': 'twcs' });
        expect(s.databaseOptions('public')).toEqual({});
        expect(s.databaseOptions('nope')).toBeUndefined();
        await expect(s.alterDatabase('nope', { set: { ttl: '1h' } })).rejects.toMatchObject({ code: StatusCode.DatabaseNotFound });
      });

      it('rejects writes to a missing database', async () => {
        const s = await fresh();
        await expect(s.write([{ db: 'nope', table: 't', schema: LOG_SCHEMA, rows: rows(1) }])).rejects.toMatchObject({ code: StatusCode.DatabaseNotFound });
      });
    });

    describe('tables', () => {
      const def: TableDef = {
        name: 'events',
        columns: [
          { name: 'ts', type: 'timestamp_ns', semantic: 'timestamp', nullable: false },
          { name: 'app', type: 'string', semantic: 'tag', nullable: true },
          { name: 'code', type: 'int32', semantic: 'field', nullable: true, default: 200 },
        ],
        timeIndex: 'ts',
        primaryKey: ['app'],
        options: { append_mode: true },
      };

      it('creates, gets, lists and drops a table', async () => {
        const s = await fresh();
        const info = await s.createTable('public', def);
        expect(info).toMatchObject({ db: 'public', name: 'events', timeIndex: 'ts', primaryKey: ['app'], options: { append_mode: true } });
        expect(s.getTable('public', 'events')?.columns.map((c) => c.name)).toEqual(['ts', 'app', 'code']);
        expect(s.listTables('public').map((t) => t.name)).toEqual(['events']);
        await expect(s.createTable('public', def)).rejects.toMatchObject({ name: 'TableAlreadyExistsError', code: StatusCode.TableAlreadyExists });
        expect((await s.createTable('public', def, { ifNotExists: true })).id).toBe(info.id);
        await s.dropTable('public', 'events');
        expect(s.getTable('public', 'events')).toBeUndefined();
        await expect(s.dropTable('public', 'events')).rejects.toMatchObject({ name: 'TableNotFoundError', code: StatusCode.TableNotFound });
        await s.dropTable('public', 'events', { ifExists: true });
      });

      it('keeps a column\'s sqlType (a SQL type refining the storage type) through create and ALTER ADD COLUMN', async () => {
        const s = await fresh();
        const cols = [...def.columns, { name: 'emb', type: 'binary' as const, semantic: 'field' as const, nullable: true, sqlType: 'VECTOR(3)' }];
        await s.createTable('public', { ...def, columns: cols });
        expect(s.getTable('public', 'events')?.columns.find((c) => c.name === 'emb')?.sqlType).toBe('VECTOR(3)');
        expect(s.getTable('public', 'events')?.columns.find((c) => c.name === 'code')?.sqlType).toBeUndefined();
        await s.alterTable('public', 'events', { kind: 'add_column', column: { name: 'doc', type: 'json', semantic: 'field', nullable: true, sqlType: 'JSON2' } });
        expect(s.getTable('public', 'events')?.columns.find((c) => c.name === 'doc')?.sqlType).toBe('JSON2');
        await s.alterTable('public', 'events', { kind: 'add_column', column: { name: 'seen', type: 'timestamp_ms', semantic: 'field', nullable: true, defaultFunction: 'now()' } });
        expect(s.getTable('public', 'events')?.columns.find((c) => c.name === 'seen')?.defaultFunction).toBe('now()');
      });

      it('rejects bad definitions with a message naming the problem', async () => {
        const s = await fresh();
        await expect(s.createTable('public', { ...def, timeIndex: 'app' })).rejects.toThrow(/time index column 'app' must have a timestamp type/);
        await expect(s.createTable('public', { ...def, timeIndex: 'nope' })).rejects.toThrow(/'nope' is not among the columns/);
        await expect(s.createTable('public', { ...def, columns: [...def.columns, def.columns[1]!] })).rejects.toThrow(/'app' is defined twice/);
        await expect(s.createTable('nodb', def)).rejects.toMatchObject({ code: StatusCode.DatabaseNotFound });
      });

      it('applies column defaults to rows that do not carry the column', async () => {
        const s = await fresh();
        await s.createTable('public', def);
        await s.write([{ db: 'public', table: 'events', schema: [def.columns[0]!, def.columns[1]!], rows: [[1n, 'x']] }]);
        expect(await collect(s, { db: 'public', table: 'events' })).toEqual([{ ts: 1n, app: 'x', code: 200 }]);
      });

      it('scans and writes to missing tables fail with TableNotFoundError', async () => {
        const s = await fresh();
        expect(() => s.scan({ db: 'public', table: 'missing' })).toThrow(expect.objectContaining({ code: StatusCode.TableNotFound }));
        await expect(s.deleteRows({ db: 'public', table: 'missing' })).rejects.toMatchObject({ code: StatusCode.TableNotFound });
      });
    });

    describe('schema evolution and conflicts', () => {
      it('adds new columns on write; older rows read them as null', async () => {
        const s = await fresh();
        await s.write([{ db: 'public', table: 'logs', schema: LOG_SCHEMA, rows: rows(1) }]);
        await s.write([{ db: 'public', table: 'logs', schema: [LOG_SCHEMA[0]!, { name: 'region', type: 'string', semantic: 'tag' }, { name: 'bytes', type: 'uint32', semantic: 'field' }], rows: [[5000, 'eu', 7]] }]);
        const t = s.getTable('public', 'logs')!;
        expect(t.columns.map((c) => c.name)).toEqual(['ts', 'host', 'level', 'latency', 'region', 'bytes']);
        expect(t.primaryKey).toEqual(['host', 'region']);
        expect(await collect(s, { db: 'public', table: 'logs' })).toEqual([
          { ts: 1000n, host: 'a', level: 'error', latency: 0, region: null, bytes: null },
          { ts: 5000n, host: null, level: null, latency: null, region: 'eu', bytes: 7 },
        ]);
      });

      it('rejects a column type conflict naming the column and both types, writing nothing of the batch', async () => {
        const s = await fresh();
        await s.write([{ db: 'public', table: 'logs', schema: LOG_SCHEMA, rows: rows(1) }]);
        const bad = [{ name: 'ts', type: 'timestamp_ms', semantic: 'timestamp' }, { name: 'latency', type: 'string', semantic: 'field' }] as const;
        const p = s.write([
          { db: 'public', table: 'other', schema: LOG_SCHEMA, rows: rows(3) },
          { db: 'public', table: 'logs', schema: LOG_SCHEMA, rows: rows(3, 9000) },
          { db: 'public', table: 'logs', schema: bad, rows: [[2, 'x']] },
        ]);
        await expect(p).rejects.toMatchObject({ name: 'SchemaConflictError', code: StatusCode.InvalidArguments, column: 'latency', expected: 'Float64', actual: 'String' });
        await expect(p).rejects.toThrow(/column 'latency'.*Float64.*String/);
        expect(s.getTable('public', 'other')).toBeUndefined();
        expect(await count(s, { db: 'public', table: 'logs' })).toBe(1);
      });

      it('widens integers written to a float64 column (JSON cannot tell 2 from 2.0); never narrows', async () => {
        const s = await fresh();
        await s.write([{ db: 'public', table: 'logs', schema: LOG_SCHEMA, rows: rows(1) }]);
        const ints = [LOG_SCHEMA[0]!, { name: 'latency', type: 'int64', semantic: 'field' }] as const;
        await s.write([{ db: 'public', table: 'logs', schema: ints, rows: [[7000, 2]] }]);
        expect(s.getTable('public', 'logs')!.columns.find((c) => c.name === 'latency')!.type).toBe('float64');
        expect((await collect(s, { db: 'public', table: 'logs' })).map((r) => r.latency)).toEqual([0, 2]);
        await s.write([{ db: 'public', table: 'counts', schema: ints, rows: [[1, 2]] }]);
        const floats = [LOG_SCHEMA[0]!, { name: 'latency', type: 'float64', semantic: 'field' }] as const;
        await expect(s.write([{ db: 'public', table: 'counts', schema: floats, rows: [[2, 2.5]] }])).rejects.toThrow(/column 'latency'.*Int64.*Float64/);
      });

      it('rejects values that do not fit the column type, writing nothing', async () => {
        const s = await fresh();
        await s.write([{ db: 'public', table: 'logs', schema: LOG_SCHEMA, rows: rows(1) }]);
        await expect(s.write([{ db: 'public', table: 'logs', schema: LOG_SCHEMA, rows: [[1, 'a', 'x', 1], [2, 'a', 'x', 'slow']] }])).rejects.toThrow(
          /column 'latency'.*Float64.*a string value "slow" \(row 1\)/,
        );
        await expect(s.write([{ db: 'public', table: 'logs', schema: LOG_SCHEMA, rows: [[null, 'a', 'x', 1]] }])).rejects.toThrow(/no value for the time index 'ts'/);
        await expect(s.write([{ db: 'public', table: 'logs', schema: LOG_SCHEMA, rows: [[1, 'a']] }])).rejects.toThrow(/row 0 has 2 values but the schema has 4/);
        const int8 = [LOG_SCHEMA[0]!, { name: 'small', type: 'int8', semantic: 'field' }] as const;
        await expect(s.write([{ db: 'public', table: 'logs', schema: int8, rows: [[3, 300]] }])).rejects.toThrow(/column 'small'.*Int8.*300/);
        expect(await count(s, { db: 'public', table: 'logs' })).toBe(1);
        expect(s.getTable('public', 'logs')!.columns.map((c) => c.name)).not.toContain('small');
      });

      it('widens an integer field to float64 by a write with widenColumns or by ALTER widen_column; old values keep reading', async () => {
        const s = await fresh();
        const ints = [LOG_SCHEMA[0]!, LOG_SCHEMA[1]!, { name: 'n', type: 'int64', semantic: 'field' }] as const;
        const floats = [LOG_SCHEMA[0]!, LOG_SCHEMA[1]!, { name: 'n', type: 'float64', semantic: 'field' }] as const;
        await s.write([{ db: 'public', table: 'w', schema: ints, rows: [[1, 'a', 3]] }]);
        await expect(s.write([{ db: 'public', table: 'w', schema: floats, rows: [[2, 'a', 0.5]] }])).rejects.toThrow(/column 'n'.*Int64.*Float64/);
        await s.write([{ db: 'public', table: 'w', schema: floats, rows: [[2, 'a', 0.5]], widenColumns: true }]);
        expect(s.getTable('public', 'w')!.columns.find((c) => c.name === 'n')!.type).toBe('float64');
        expect((await collect(s, { db: 'public', table: 'w' })).map((r) => r.n)).toEqual([3, 0.5]);
        await s.write([{ db: 'public', table: 'w2', schema: ints, rows: [[1, 'a', 7]] }]);
        expect((await s.alterTable('public', 'w2', { kind: 'widen_column', name: 'n', type: 'float64' })).columns.find((c) => c.name === 'n')!.type).toBe('float64');
        await s.write([{ db: 'public', table: 'w2', schema: floats, rows: [[2, 'a', 1.25]] }]);
        expect((await collect(s, { db: 'public', table: 'w2' })).map((r) => r.n)).toEqual([7, 1.25]);
        await expect(s.alterTable('public', 'w2', { kind: 'widen_column', name: 'host', type: 'float64' })).rejects.toThrow(/'host' is a tag/);
      });

      it('changes an integer field to Float64 by change_column_type; a change the store cannot do as CAST is refused', async () => {
        const s = await fresh();
        const ints = [LOG_SCHEMA[0]!, LOG_SCHEMA[1]!, { name: 'n', type: 'int32', semantic: 'field' }] as const;
        await s.write([{ db: 'public', table: 'c', schema: ints, rows: [[1, 'a', 3]] }]);
        expect((await s.alterTable('public', 'c', { kind: 'change_column_type', name: 'n', type: 'float64' })).columns.find((c) => c.name === 'n')!.type).toBe('float64');
        expect((await collect(s, { db: 'public', table: 'c' })).map((r) => r.n)).toEqual([3]);
        await expect(s.alterTable('public', 'c', { kind: 'change_column_type', name: 'host', type: 'int32' })).rejects.toMatchObject({ code: StatusCode.InvalidArguments });
      });

      it('renames a table with its rows (rename_table); the old name is free again, a taken name is refused', async () => {
        const s = await fresh();
        await s.write([{ db: 'public', table: 'r1', schema: LOG_SCHEMA, rows: rows(2) }]);
        await s.write([{ db: 'public', table: 'r2', schema: LOG_SCHEMA, rows: rows(1) }]);
        await expect(s.alterTable('public', 'r1', { kind: 'rename_table', to: 'r2' })).rejects.toMatchObject({ code: StatusCode.TableAlreadyExists });
        expect((await s.alterTable('public', 'r1', { kind: 'rename_table', to: 'r3' })).name).toBe('r3');
        expect(s.getTable('public', 'r1')).toBeUndefined();
        expect(await count(s, { db: 'public', table: 'r3' })).toBe(2);
        await s.write([{ db: 'public', table: 'r1', schema: LOG_SCHEMA, rows: rows(1, 5000) }]);
        expect(await count(s, { db: 'public', table: 'r1' })).toBe(1);
        expect(await count(s, { db: 'public', table: 'r3' })).toBe(2);
      });

      it('requires the time index in writes to existing tables', async () => {
        const s = await fresh();
        await s.write([{ db: 'public', table: 'logs', schema: LOG_SCHEMA, rows: rows(1) }]);
        await expect(s.write([{ db: 'public', table: 'logs', schema: [LOG_SCHEMA[1]!], rows: [['a']] }])).rejects.toThrow(/lacks the time index column 'ts'/);
        await expect(s.write([{ db: 'public', table: 'fresh', schema: [LOG_SCHEMA[1]!], rows: [['a']] }])).rejects.toThrow(/exactly one column with semantic 'timestamp'/);
      });
    });

    runScanCases(fresh);
    runAggregateCases(fresh);

    describe('table options', () => {
      const w = (s: Store, table: string, rs: unknown[][], options?: object) =>
        s.write([{ db: 'public', table, schema: LOG_SCHEMA, rows: rs as never, ...(options ? { options } : {}) }]);

      it('auto_create_table=false makes a write to a missing table an error naming it', async () => {
        const s = await fresh();
        await expect(w(s, 'nolog', rows(1), { auto_create_table: false })).rejects.toMatchObject({ name: 'TableNotFoundError', code: StatusCode.TableNotFound, table: 'nolog' });
        await expect(w(s, 'nolog', rows(1), { auto_create_table: false })).rejects.toThrow(/public\.nolog \(auto_create_table is false/);
        expect(s.getTable('public', 'nolog')).toBeUndefined();
      });

      it('without append_mode keeps one row per primary key and time (last_row: the later write wins whole)', async () => {
        const s = await fresh();
        await w(s, 'logs', [[1, 'a', 'info', 1], [1, 'b', 'info', 2]]);
        await w(s, 'logs', [[1, 'a', null, 9], [1, 'a', 'warn', null]]);
        expect(await collect(s, { db: 'public', table: 'logs' })).toEqual([
          { ts: 1n, host: 'a', level: 'warn', latency: null },
          { ts: 1n, host: 'b', level: 'info', latency: 2 },
        ]);
      });

      it('merge_mode=last_non_null fills null fields from the earlier row', async () => {
        const s = await fresh();
        await w(s, 'logs', [[1, 'a', 'info', 1]], { merge_mode: 'last_non_null' });
        await w(s, 'logs', [[1, 'a', null, 9]]);
        await w(s, 'logs', [[1, 'a', 'warn', null], [2, 'a', null, 3]]);
        expect(await collect(s, { db: 'public', table: 'logs' })).toEqual([
          { ts: 1n, host: 'a', level: 'warn', latency: 9 },
          { ts: 2n, host: 'a', level: null, latency: 3 },
        ]);
        // Within one batch too: the second row for the same key merges into the first.
        await w(s, 'logs', [[3, 'b', 'x', null], [3, 'b', null, 5], [3, 'b', null, null]]);
        expect(await collect(s, { db: 'public', table: 'logs', predicates: [{ column: 'host', op: '=', value: 'b' }] })).toEqual([{ ts: 3n, host: 'b', level: 'x', latency: 5 }]);
      });

      it('append_mode=true keeps every row, duplicates included', async () => {
        const s = await fresh();
        await w(s, 'logs', [[1, 'a', 'info', 1], [1, 'a', 'info', 1]], { append_mode: true });
        await w(s, 'logs', [[1, 'a', 'warn', 2]]);
        expect((await collect(s, { db: 'public', table: 'logs' })).map((r) => r.level)).toEqual(['info', 'info', 'warn']);
        await expect(s.alterTable('public', 'logs', { kind: 'set_options', options: { append_mode: false } })).rejects.toThrow(/append_mode cannot be changed/);
      });

      it.each([false, true])('ttl hides rows older than now − ttl; options can be set and unset later (append_mode %s)', async (append_mode) => {
        const s = await fresh();
        const now = Date.now();
        const old = now - 2 * 86_400_000;
        await w(s, 'logs', [[old, 'a', 'old', 1], [now, 'a', 'new', 2]], { ttl: { text: '1d', ms: 86_400_000 }, append_mode });
        expect(s.getTable('public', 'logs')!.options.ttl).toEqual({ text: '1d', ms: 86_400_000 });
        expect((await collect(s, { db: 'public', table: 'logs' })).map((r) => r.level)).toEqual(['new']);
        const t = await s.alterTable('public', 'logs', { kind: 'set_options', options: { ttl: { text: '3d', ms: 3 * 86_400_000 } } });
        expect(t.options.ttl).toEqual({ text: '3d', ms: 3 * 86_400_000 });
        expect((await collect(s, { db: 'public', table: 'logs' })).map((r) => r.level)).toEqual(['old', 'new']);
        await s.alterTable('public', 'logs', { kind: 'set_options', options: { ttl: { text: '1h', ms: 3_600_000 } } });
        expect(await count(s, { db: 'public', table: 'logs' })).toBe(1);
        await s.alterTable('public', 'logs', { kind: 'unset_options', names: ['ttl'] });
        expect(s.getTable('public', 'logs')!.options.ttl).toBeUndefined();
        expect(await count(s, { db: 'public', table: 'logs' })).toBe(2);
      });

      it('alterTable adds columns and rejects duplicates', async () => {
        const s = await fresh();
        await w(s, 'logs', rows(1));
        const t = await s.alterTable('public', 'logs', { kind: 'add_column', column: { name: 'dc', type: 'string', semantic: 'field', nullable: true, default: 'x' } });
        expect(t.columns.at(-1)).toMatchObject({ name: 'dc', default: 'x' });
        expect(await collect(s, { db: 'public', table: 'logs', columns: ['dc'] })).toEqual([{ dc: 'x' }]);
        await expect(s.alterTable('public', 'logs', { kind: 'add_column', column: { name: 'dc', type: 'string', semantic: 'field', nullable: true } })).rejects.toMatchObject({
          code: StatusCode.TableColumnExists,
        });
        await expect(s.alterTable('public', 'nope', { kind: 'add_column', column: { name: 'dc', type: 'string', semantic: 'field', nullable: true } })).rejects.toMatchObject({
          code: StatusCode.TableNotFound,
        });
      });

      it('alterTable drops, renames and places columns; old rows keep their other values', async () => {
        const s = await fresh();
        await w(s, 'logs', rows(2));
        await s.alterTable('public', 'logs', { kind: 'drop_column', name: 'level' });
        expect(s.getTable('public', 'logs')!.columns.map((c) => c.name)).toEqual(['ts', 'host', 'latency']);
        expect(await collect(s, { db: 'public', table: 'logs', columns: ['latency'] })).toEqual([{ latency: 0 }, { latency: 1.5 }]);
        await expect(s.alterTable('public', 'logs', { kind: 'drop_column', name: 'host' })).rejects.toMatchObject({ code: StatusCode.InvalidArguments });
        await expect(s.alterTable('public', 'logs', { kind: 'drop_column', name: 'level' })).rejects.toMatchObject({ code: StatusCode.TableColumnNotFound });
        // A column re-added under a dropped name starts empty: the old values are not resurrected.
        await s.alterTable('public', 'logs', { kind: 'add_column', column: { name: 'level', type: 'string', semantic: 'field', nullable: true }, position: { first: true } });
        expect(s.getTable('public', 'logs')!.columns.map((c) => c.name)).toEqual(['level', 'ts', 'host', 'latency']);
        expect(await collect(s, { db: 'public', table: 'logs', columns: ['level', 'latency'] })).toEqual([{ level: null, latency: 0 }, { level: null, latency: 1.5 }]);
        await s.alterTable('public', 'logs', { kind: 'rename_column', from: 'latency', to: 'lat' });
        await s.alterTable('public', 'logs', { kind: 'add_column', column: { name: 'zone', type: 'string', semantic: 'field', nullable: true }, position: { after: 'ts' } });
        expect(s.getTable('public', 'logs')!.columns.map((c) => c.name)).toEqual(['level', 'ts', 'zone', 'host', 'lat']);
        await s.write([{ db: 'public', table: 'logs', schema: [...LOG_SCHEMA.slice(0, 2), { name: 'lat', type: 'float64', semantic: 'field' }, { name: 'zone', type: 'string', semantic: 'field' }], rows: [[5000, 'c', 9, 'z'] as never] }]);
        expect(await collect(s, { db: 'public', table: 'logs', columns: ['host', 'lat', 'zone', 'level'] })).toEqual([
          { host: 'a', lat: 0, zone: null, level: null },
          { host: 'b', lat: 1.5, zone: null, level: null },
          { host: 'c', lat: 9, zone: 'z', level: null },
        ]);
        await expect(s.alterTable('public', 'logs', { kind: 'rename_column', from: 'lat', to: 'host' })).rejects.toMatchObject({ code: StatusCode.TableColumnExists });
      });

      it('keeps extra options verbatim through create, reopen-free reads, ALTER SET and UNSET', async () => {
        const s = await fresh();
        await s.write([{ db: 'public', table: 'ex', schema: LOG_SCHEMA, rows: rows(1), options: { append_mode: true, extra: { comment: 'Created on insertion', 'service.semantic.signal_type': 'log' } } }]);
        expect(s.getTable('public', 'ex')!.options).toEqual({ append_mode: true, extra: { comment: 'Created on insertion', 'service.semantic.signal_type': 'log' } });
        await s.alterTable('public', 'ex', { kind: 'set_options', options: { extra: { comment: 'logs' } } });
        expect(s.getTable('public', 'ex')!.options.extra).toEqual({ comment: 'logs', 'service.semantic.signal_type': 'log' });
        await s.alterTable('public', 'ex', { kind: 'unset_options', names: ['comment', 'service.semantic.signal_type'] });
        expect(s.getTable('public', 'ex')!.options).toEqual({ append_mode: true });
      });

      it.each([false, true])('physical_table: logical tables share storage but each scan returns only its rows (append_mode %s)', async (append_mode) => {
        const s = await fresh();
        const opts = { physical_table: 'greptime_physical_table', append_mode };
        await w(s, 'cpu', [[1, 'a', 'x', 1], [2, 'b', 'x', 2]], opts);
        await w(s, 'mem', [[1, 'a', 'y', 10], [3, 'a', 'y', 30]], { ...opts, append_mode: !append_mode });
        expect(s.getTable('public', 'mem')!.options.physical_table).toBe('greptime_physical_table');
        expect((await collect(s, { db: 'public', table: 'cpu' })).map((r) => r.latency)).toEqual([1, 2]);
        expect((await collect(s, { db: 'public', table: 'mem' })).map((r) => r.latency)).toEqual([10, 30]);
        expect(await count(s, { db: 'public', table: 'mem', predicates: [{ column: 'host', op: '=', value: 'b' }] })).toBe(0);
        await s.truncate('public', 'cpu');
        expect(await count(s, { db: 'public', table: 'cpu' })).toBe(0);
        expect(await count(s, { db: 'public', table: 'mem' })).toBe(2);
        await s.dropTable('public', 'mem');
        await w(s, 'mem', [[5, 'z', 'y', 50]], opts);
        expect(await collect(s, { db: 'public', table: 'mem', columns: ['host'] })).toEqual([{ host: 'z' }]);
      });
    });

    describe('pipelines', () => {
      it('stores versions by creation time, newest first', async () => {
        const s = await fresh();
        const a1 = await s.pipelines.put('nginx', 'processors: []');
        const a2 = await s.pipelines.put('nginx', 'processors: [1]');
        const b1 = await s.pipelines.put('apache', 'x: 1');
        expect(a1.version).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}\.\d{9}$/);
        expect(a2.version > a1.version).toBe(true);
        expect(s.pipelines.get('nginx')).toEqual(a2);
        expect(s.pipelines.get('nginx', a1.version)).toEqual(a1);
        expect(s.pipelines.get('nginx', '2000-01-01 00:00:00.000000000')).toBeUndefined();
        expect(s.pipelines.get('ngin')).toBeUndefined();
        expect(s.pipelines.list()).toEqual([b1, a2, a1]);
        expect(s.pipelines.list('nginx')).toEqual([a2, a1]);
        expect(await s.pipelines.delete('nginx', a2.version)).toBe(true);
        expect(await s.pipelines.delete('nginx', a2.version)).toBe(false);
        expect(s.pipelines.get('nginx')).toEqual(a1);
      });
    });
  });
}
