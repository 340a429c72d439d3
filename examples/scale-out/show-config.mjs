// Prints the [storage] tables of sluice.toml as GET /config shows them: the ClickHouse backend, its
// endpoints and where the password comes from, never a password (an inline one is dropped as well).
import { configToToml, resolveConfig } from '@sluice/server';

const file = new URL('./sluice.toml', import.meta.url).pathname;
const config = resolveConfig({ configFile: file });
// As if the file also had `password = "..."` inline.
const withInline = { ...config, storage: { ...config.storage, clickhouse: { ...config.storage.clickhouse, password: 'inline-secret' } } };
const toml = configToToml(withInline);
const sections = toml.split(/\n(?=\[)/).filter((s) => s.startsWith('[storage'));
console.log(sections.map((s) => s.trim()).join('\n\n'));
console.log(`password shown: ${toml.includes('inline-secret') ? 'yes (a bug)' : 'no'}`);
