import { parseDuration } from '@sluice/pipeline-core';
import { parseByteSize } from './byte-size.js';
import { ConfigError } from './config-error.js';
import { parseLogFilter } from '../logging/log-filter.js';
import type { KeyKind } from './schema.js';
import { checkClickHouseConfig } from './clickhouse.js';

/** The deepest `[ingest] max_json_depth` allowed: the code that walks a parsed document recurses once per level. */
export const MAX_JSON_DEPTH_CEILING = 1000;

/** Checks one value against its kind; returns it unchanged, or throws ConfigError naming the key. */
export function checkValue(key: string, kind: KeyKind, value: unknown): unknown {
  const fail = (what: string) => new ConfigError(key, `expected ${what}, got ${JSON.stringify(value)}`);
  switch (kind) {
    case 'boolean':
      if (typeof value !== 'boolean') throw fail('true or false');
      return value;
    case 'string_list':
      if (!Array.isArray(value) || !value.every((x) => typeof x === 'string')) throw fail('a list of strings such as ["https://example.com"]');
      return [...value];
    case 'integer':
      if (typeof value === 'bigint') return Number(value);
      if (typeof value !== 'number' || !Number.isInteger(value) || value < 0) throw fail('a non-negative integer');
      if (key === 'ingest.max_json_depth' && (value < 1 || value > MAX_JSON_DEPTH_CEILING)) throw fail(`an integer from 1 to ${MAX_JSON_DEPTH_CEILING}`);
      return value;
    case 'string':
      if (typeof value !== 'string') throw fail('a string');
      if (key === 'logging.level') wrap(key, () => parseLogFilter(value));
      return value;
    case 'duration':
      if (typeof value !== 'string') throw fail('a duration such as "30s"');
      wrap(key, () => parseDuration(value));
      return value;
    case 'byte_size':
      if (typeof value !== 'string') throw fail('a size such as "64MiB"');
      wrap(key, () => parseByteSize(value));
      return value;
    case 'log_format':
      if (value !== 'text' && value !== 'json') throw fail('"text" or "json"');
      return value;
    case 'storage_backend':
      if (value !== 'lmdb' && value !== 'clickhouse') throw fail('"lmdb" or "clickhouse"');
      return value;
    case 'clickhouse':
      return checkClickHouseConfig(key, value);
    case 'addr':
      if (typeof value !== 'string') throw fail('an address such as "127.0.0.1:4000"');
      wrap(key, () => parseAddr(value));
      return value;
  }
}

function wrap(key: string, f: () => unknown): void {
  try {
    f();
  } catch (e) {
    throw new ConfigError(key, e instanceof Error ? e.message : String(e), { cause: e });
  }
}

/** `host:port` (IPv6 in brackets) into its parts. */
export function parseAddr(addr: string): { host: string; port: number } {
  const m = /^(?:\[([^\]]+)\]|([^:]*)):(\d{1,5})$/.exec(addr.trim());
  const port = m ? Number(m[3]) : NaN;
  if (!m || port > 65535) throw new Error(`invalid address '${addr}' (expected HOST:PORT such as 127.0.0.1:4000)`);
  return { host: m[1] ?? (m[2] || '0.0.0.0'), port };
}
