import { stringify } from 'smol-toml';
import { CONFIG_SPEC, type KeySpec, type SluiceConfig } from './schema.js';
import { redactClickHouseConfig, type ClickHouseConfig } from './clickhouse.js';

const SPEC: Record<string, Record<string, KeySpec>> = CONFIG_SPEC;

/** The effective configuration as TOML, without secrets (the user provider names users and passwords). */
export function configToToml(config: SluiceConfig): string {
  const out: Record<string, unknown> = {};
  const raw = config as unknown as Record<string, unknown>;
  for (const [key, spec] of Object.entries(SPEC[''] ?? {})) {
    if (!spec.secret && raw[key] !== undefined) out[key] = raw[key];
  }
  for (const [section, keys] of Object.entries(SPEC)) {
    if (section === '') continue;
    const values = (raw[section] ?? {}) as Record<string, unknown>;
    const table: Record<string, unknown> = {};
    for (const [k, spec] of Object.entries(keys)) {
      if (spec.secret || values[k] === undefined) continue;
      table[k] = spec.kind === 'clickhouse' ? redactClickHouseConfig(values[k] as ClickHouseConfig) : values[k];
    }
    out[section] = table;
  }
  return stringify(out) + '\n';
}
