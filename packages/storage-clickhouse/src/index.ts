// Public API of @sluice/storage-clickhouse.
export { openClickHouseStore, type ClickHouseStoreOptions } from './clickhouse-store.js';
export { ClickHouseQueryError } from './client/ch-http.js';
export { startLocalClickHouse, clickHouseBinary, type LocalClickHouse, type LocalClickHouseOptions } from './testing/local-clickhouse.js';
export { startLocalZooKeeper, zooKeeperJar, type LocalZooKeeper } from './testing/local-zookeeper.js';
