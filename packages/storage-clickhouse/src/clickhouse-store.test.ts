import { afterAll, beforeAll, describe } from 'vitest';
import { runStoreCases } from '@sluice/storage/contract';
import { clickHouseBinary, openClickHouseStore, startLocalClickHouse, type LocalClickHouse } from './index.js';

// The shared Store contract (packages/storage/src/store.case.test.ts) against a real ClickHouse server.
const bin = clickHouseBinary();
if (bin === undefined && process.env.CI) throw new Error('clickhouse-server is missing in CI (.ci/apt-packages.txt lists it)');

describe.skipIf(bin === undefined)('ClickHouse store (clickhouse-server on 127.0.0.1)', () => {
  let ch: LocalClickHouse;
  let n = 0;
  beforeAll(async () => {
    [ch] = (await startLocalClickHouse(1)) as [LocalClickHouse];
  });
  afterAll(async () => {
    await ch?.stop();
  });
  // Each store gets its own database prefix, so every factory call starts empty.
  runStoreCases('clickhouse', () => openClickHouseStore({ urls: [ch.url], databasePrefix: `c${++n}_`, catalogRefreshMs: 0, ttlSweepIntervalMs: 0 }));
});

if (bin === undefined) console.warn('skipping the ClickHouse store suite: clickhouse-server is not installed here');
