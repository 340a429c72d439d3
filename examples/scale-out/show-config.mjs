// Prints the effective [storage] configuration of sluice.toml as GET /config would: the ClickHouse
// backend, its endpoints and where the password comes from, never a password.
import { configToToml, resolveConfig } from '@sluice/server';

process.env.SLUICE_CLICKHOUSE_PASSWORD ??= 'not-printed';
const config = resolveConfig({ configFile: new URL('./sluice.toml', import.meta.url).pathname, config: { storage: { clickhouse: { url: ['http://127.0.0.1:8123'], password: 'inline-not-printed-either', password_env: 'SLUICE_CLICKHOUSE_PASSWORD', database_prefix: 'sluice_', user: 'default', catalog_refresh: '1s' } } } });
const toml = configToToml(config);
console.log(toml.slice(toml.indexOf('[storage]')).split('\n[')[0]);
console.log(toml.includes('[storage.clickhouse]') ? '' : '');
const sub = toml.slice(toml.indexOf('[storage.clickhouse]')).split('\n\n')[0];
console.log(sub);
console.log(/not-printed/.test(toml) ? 'password shown: yes (bug)' : 'password shown: no');
