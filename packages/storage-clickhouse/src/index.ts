// Public API of @sluice/storage-clickhouse.
export { openClickHouseStore, type ClickHouseStoreOptions } from './clickhouse-store.js';
export { ClickHouseQueryError } from './client/ch-http.js';
export { startLocalClickHouse, clickHouseBinary, type LocalClickHouse } from './testing/local-clickhouse.js';
