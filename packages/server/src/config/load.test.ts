import { describe, expect, it } from 'vitest';
import { checkConfig, mergeConfig, parseConfigToml } from './load.js';
import { parseByteSize } from './byte-size.js';
import { configToToml } from './to-toml.js';
import { DEFAULT_CONFIG } from './schema.js';

describe('config', () => {
  it('reads every documented key', () => {
    const cfg = parseConfigToml(`
enable_telemetry = false
user_provider = "static_user_provider:cmd:a=b"
init_regions_in_background = true
init_regions_parallelism = 4
default_timezone = "Asia/Tokyo"
[http]
addr = "0.0.0.0:4001"
timeout = "10s"
body_limit = "8MiB"
is_strict_mode = true
enable_cors = false
cors_allowed_origins = ["https://grafana.example.com"]
allowed_hosts = ["sluice.internal"]
metrics_without_auth = false
status_without_auth = true
[storage]
data_home = "/var/lib/sluice"
[logging]
level = "info,storage=debug"
dir = "/var/log/sluice"
log_format = "json"
`);
    const merged = mergeConfig(cfg);
    expect(merged.http).toEqual({
      addr: '0.0.0.0:4001',
      timeout: '10s',
      body_limit: '8MiB',
      is_strict_mode: true,
      enable_cors: false,
      cors_allowed_origins: ['https://grafana.example.com'],
      allowed_hosts: ['sluice.internal'],
      metrics_without_auth: false,
      status_without_auth: true,
    });
    expect(() => parseConfigToml('[http]\ncors_allowed_origins = "https://x"\n')).toThrow(/config 'http.cors_allowed_origins': expected a list of strings/);
    expect(merged.init_regions_parallelism).toBe(4);
    expect(merged.logging.log_format).toBe('json');
  });

  it('rejects unknown keys by name, with a suggestion', () => {
    expect(() => parseConfigToml('[http]\nadr = "x:1"\n')).toThrow("config 'http.adr': unknown key (did you mean 'addr'?)");
    expect(() => parseConfigToml('[htp]\naddr = "x:1"\n')).toThrow("config 'htp': unknown key (did you mean 'http'?)");
    expect(() => parseConfigToml('enable_telemetri = true\n')).toThrow(/did you mean 'enable_telemetry'/);
  });

  it('rejects values of the wrong kind naming the key', () => {
    expect(() => parseConfigToml('[http]\ntimeout = "soon"\n')).toThrow(/config 'http.timeout'/);
    expect(() => parseConfigToml('[http]\nbody_limit = "lots"\n')).toThrow(/config 'http.body_limit': invalid byte size/);
    expect(() => parseConfigToml('[http]\naddr = "4000"\n')).toThrow(/config 'http.addr'/);
    expect(() => parseConfigToml('[logging]\nlog_format = "xml"\n')).toThrow(/config 'logging.log_format'/);
    expect(() => parseConfigToml('[logging]\nlevel = "chatty"\n')).toThrow(/config 'logging.level'/);
    expect(() => parseConfigToml('init_regions_parallelism = "16"\n')).toThrow(/non-negative integer/);
    expect(() => parseConfigToml('[http\n', 'x.toml')).toThrow(/config 'x.toml': invalid TOML \(line 1/);
  });

  it('merges layers: later layers win key by key', () => {
    const file = checkConfig({ http: { addr: '0.0.0.0:1', timeout: '1s' } });
    const flags = checkConfig({ http: { addr: '127.0.0.1:2' } });
    const merged = mergeConfig(file, flags);
    expect(merged.http.addr).toBe('127.0.0.1:2');
    expect(merged.http.timeout).toBe('1s');
    expect(merged.http.body_limit).toBe(DEFAULT_CONFIG.http.body_limit);
  });

  it('writes TOML that reads back to the same configuration, without secrets', () => {
    const merged = mergeConfig(checkConfig({ user_provider: 'static_user_provider:cmd:a=b', default_timezone: 'UTC' }));
    const text = configToToml(merged);
    expect(text).not.toContain('user_provider');
    expect(mergeConfig(parseConfigToml(text))).toEqual({ ...merged, user_provider: undefined });
  });

  it('parses byte sizes', () => {
    expect(parseByteSize('64MiB')).toBe(64 * 1024 * 1024);
    expect(parseByteSize('10MB')).toBe(10_000_000);
    expect(parseByteSize('512')).toBe(512);
    expect(() => parseByteSize('1XB')).toThrow(/invalid byte size/);
  });
});

describe('[query] and [ingest] limits (issue 18)', () => {
  it('applies [query] (it was once swallowed as a GreptimeDB-only table) and accepts GreptimeDB\'s own [query] keys', () => {
    const ignored: string[] = [];
    const cfg = mergeConfig(
      parseConfigToml('[query]\nmemory_limit = "1MiB"\nmemory_pool_size = "2GiB"\nparallelism = 4\n[ingest]\nmax_json_depth = 300\nvrl_max_steps = 5000\n', 'test', ignored),
    );
    expect(cfg.query.memory_limit).toBe('1MiB');
    expect(cfg.query.memory_pool_size).toBe('2GiB');
    expect(cfg.ingest.max_json_depth).toBe(300);
    expect(cfg.ingest.vrl_max_steps).toBe(5000);
    expect(ignored).toEqual(['query.parallelism']);
    expect(DEFAULT_CONFIG.query.memory_pool_size).toBe('1GiB');
    expect(DEFAULT_CONFIG.ingest.max_json_depth).toBe(128);
  });

  it('bounds max_json_depth (the code walking a document recurses per level)', () => {
    expect(() => parseConfigToml('[ingest]\nmax_json_depth = 5000\n')).toThrow(/ingest.max_json_depth.*from 1 to 1000/);
    expect(() => parseConfigToml('[ingest]\nmax_json_depth = 0\n')).toThrow(/from 1 to 1000/);
  });
});
