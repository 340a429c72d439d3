import { readFileSync } from 'node:fs';
import { didYouMean, parseDuration } from '@sluice/pipeline-core';
import { ConfigError } from './config-error.js';

/** `[storage.clickhouse]`: where the ClickHouse backend keeps data, catalog and pipelines. */
export interface ClickHouseConfig {
  /** HTTP endpoints (`http://host:8123`); a string is one endpoint. */
  readonly url: readonly string[];
  /** A cluster from ClickHouse's `remote_servers`: node-local tables behind Distributed tables. */
  readonly cluster?: string;
  /** With a cluster: send DDL `ON CLUSTER` (needs ZooKeeper), or false to send it to each url in turn. */
  readonly on_cluster_ddl?: boolean;
  /** With a cluster: Replicated*MergeTree tables (needs ZooKeeper and the {shard}/{replica} macros). */
  readonly replicated?: boolean;
  readonly database_prefix?: string;
  readonly user?: string;
  /** Inline password (kept out of GET /config); prefer `password_file` or `password_env`. */
  readonly password?: string;
  readonly password_file?: string;
  readonly password_env?: string;
  /** How often each server reloads the shared catalog (default "1s"): the bound on seeing another server's DDL. */
  readonly catalog_refresh?: string;
  /** Timeout of one ClickHouse request (default "60s"). */
  readonly request_timeout?: string;
}

const KEYS: Record<keyof ClickHouseConfig, 'string' | 'string_list' | 'boolean' | 'duration'> = {
  url: 'string_list',
  cluster: 'string',
  on_cluster_ddl: 'boolean',
  replicated: 'boolean',
  database_prefix: 'string',
  user: 'string',
  password: 'string',
  password_file: 'string',
  password_env: 'string',
  catalog_refresh: 'duration',
  request_timeout: 'duration',
};

/** Validates the `[storage.clickhouse]` table; errors name the key (`storage.clickhouse.url`). */
export function checkClickHouseConfig(path: string, value: unknown): ClickHouseConfig {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new ConfigError(path, 'expected a table [storage.clickhouse]');
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
    if (v === undefined) continue;
    const key = `${path}.${k}`;
    const kind = KEYS[k as keyof ClickHouseConfig];
    if (kind === undefined) throw new ConfigError(key, `unknown key${didYouMean(k, Object.keys(KEYS))}`);
    if (k === 'url' && typeof v === 'string') out.url = [v];
    else if (kind === 'string_list') {
      if (!Array.isArray(v) || v.length === 0 || !v.every((x) => typeof x === 'string')) throw new ConfigError(key, `expected a list of urls such as ["http://127.0.0.1:8123"], got ${JSON.stringify(v)}`);
      out[k] = [...v];
    } else if (kind === 'boolean') {
      if (typeof v !== 'boolean') throw new ConfigError(key, `expected true or false, got ${JSON.stringify(v)}`);
      out[k] = v;
    } else {
      if (typeof v !== 'string') throw new ConfigError(key, `expected a string, got ${JSON.stringify(v)}`);
      if (kind === 'duration') {
        try {
          parseDuration(v);
        } catch (e) {
          throw new ConfigError(key, (e as Error).message, { cause: e });
        }
      }
      out[k] = v;
    }
  }
  for (const u of (out.url as string[] | undefined) ?? []) {
    if (!/^https?:\/\/[^/\s]+\/?$/.test(u)) throw new ConfigError(`${path}.url`, `expected http(s)://host:port, got ${JSON.stringify(u)}`);
  }
  if (out.database_prefix !== undefined && !/^[A-Za-z0-9_]*$/.test(out.database_prefix as string)) {
    throw new ConfigError(`${path}.database_prefix`, `use letters, digits and '_' only, got ${JSON.stringify(out.database_prefix)}`);
  }
  return out as unknown as ClickHouseConfig;
}

/** The table without secrets, as GET /config shows it. */
export function redactClickHouseConfig(c: ClickHouseConfig): Record<string, unknown> {
  const { password: _omit, ...rest } = c;
  return rest;
}

/** The password from `password`, else the file named by `password_file`, else the variable named by `password_env`. */
export function clickHousePassword(c: ClickHouseConfig, env: NodeJS.ProcessEnv = process.env): string | undefined {
  if (c.password !== undefined) return c.password;
  if (c.password_file !== undefined) {
    try {
      return readFileSync(c.password_file, 'utf8').replace(/\r?\n$/, '');
    } catch (e) {
      throw new ConfigError('storage.clickhouse.password_file', `cannot read ${c.password_file}: ${(e as Error).message}`, { cause: e });
    }
  }
  if (c.password_env !== undefined) {
    const v = env[c.password_env];
    if (v === undefined) throw new ConfigError('storage.clickhouse.password_env', `the environment variable ${c.password_env} is not set`);
    return v;
  }
  return undefined;
}
