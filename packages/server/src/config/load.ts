import { parse as parseToml, TomlError } from 'smol-toml';
import { ConfigError } from './config-error.js';
import { checkValue } from './check-value.js';
import { didYouMean } from '@sluice/pipeline-core';
import { CONFIG_SPEC, DEFAULT_CONFIG, type KeySpec, type PartialConfig, type SluiceConfig } from './schema.js';
import { GREPTIMEDB_SECTION_KEYS, GREPTIMEDB_SECTIONS, GREPTIMEDB_TOP_KEYS } from './greptimedb-keys.js';

const SPEC: Record<string, Record<string, KeySpec>> = CONFIG_SPEC;
const TOP: Record<string, KeySpec> = CONFIG_SPEC[''];
const SECTIONS = Object.keys(SPEC).filter((s) => s !== '');

function isTable(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v) && !(v instanceof Date);
}

/**
 * Validates a parsed object (from TOML or code): unknown keys and wrong kinds are ConfigErrors naming the
 * key. Keys of GreptimeDB's standalone config that Sluice does not use are accepted and their paths
 * pushed to `ignored` (the server warns once, naming them).
 */
export function checkConfig(raw: Record<string, unknown>, ignored: string[] = []): PartialConfig {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(raw)) {
    if (value === undefined) continue; // an embedding app's unset option
    const top = TOP[key];
    if (top !== undefined) {
      out[key] = checkValue(key, top.kind, value);
      continue;
    }
    if (GREPTIMEDB_TOP_KEYS.includes(key) || GREPTIMEDB_SECTIONS.includes(key)) {
      ignored.push(isTable(value) || Array.isArray(value) ? `[${key}]` : key);
      continue;
    }
    const section = key === '' ? undefined : SPEC[key];
    if (section === undefined) throw new ConfigError(key, `unknown key${didYouMean(key, [...Object.keys(TOP), ...SECTIONS, ...GREPTIMEDB_TOP_KEYS, ...GREPTIMEDB_SECTIONS])}`);
    if (!isTable(value)) throw new ConfigError(key, `expected a table [${key}]`);
    const sub: Record<string, unknown> = {};
    const compat = GREPTIMEDB_SECTION_KEYS[key] ?? [];
    for (const [k, v] of Object.entries(value)) {
      if (v === undefined) continue;
      const path = `${key}.${k}`;
      const spec = section[k];
      if (spec === undefined) {
        if (compat.includes(k)) {
          ignored.push(path);
          continue;
        }
        throw new ConfigError(path, `unknown key${didYouMean(k, [...Object.keys(section), ...compat])}`);
      }
      sub[k] = checkValue(path, spec.kind, v);
    }
    out[key] = sub;
  }
  return out as PartialConfig;
}

/** Parses TOML text; syntax errors name the file, line and column. */
export function parseConfigToml(text: string, source = 'config file', ignored: string[] = []): PartialConfig {
  let raw: Record<string, unknown>;
  try {
    raw = parseToml(text) as Record<string, unknown>;
  } catch (e) {
    const where = e instanceof TomlError ? ` (line ${e.line}, column ${e.column})` : '';
    const msg = e instanceof Error ? e.message.split('\n')[0] : String(e);
    throw new ConfigError(source, `invalid TOML${where}: ${msg}`, { cause: e });
  }
  return checkConfig(raw, ignored);
}

/** Defaults, then each layer in order (file, then flags); later layers win key by key. */
export function mergeConfig(...layers: PartialConfig[]): SluiceConfig {
  const out: Record<string, unknown> = structuredClone(DEFAULT_CONFIG) as unknown as Record<string, unknown>;
  for (const layer of layers) {
    for (const [k, v] of Object.entries(layer)) {
      if (v === undefined) continue;
      if (isTable(v)) {
        const base = (out[k] ?? {}) as Record<string, unknown>;
        for (const [j, x] of Object.entries(v)) if (x !== undefined) base[j] = x;
        out[k] = base;
      } else out[k] = v;
    }
  }
  return out as unknown as SluiceConfig;
}
