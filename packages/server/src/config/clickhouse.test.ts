import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { clickHousePassword } from './clickhouse.js';
import { mergeConfig, parseConfigToml } from './load.js';
import { configToToml } from './to-toml.js';

const TOML = `
[storage]
backend = "clickhouse"

[storage.clickhouse]
url = ["http://10.0.0.1:8123", "http://10.0.0.2:8123"]
cluster = "logs"
database_prefix = "obs_"
user = "sluice"
password = "s3cret"
catalog_refresh = "2s"
`;

describe('[storage.clickhouse]', () => {
  it('parses the backend and the table; GET /config output never carries the password', () => {
    const cfg = mergeConfig(parseConfigToml(TOML));
    expect(cfg.storage.backend).toBe('clickhouse');
    expect(cfg.storage.clickhouse).toEqual({ url: ['http://10.0.0.1:8123', 'http://10.0.0.2:8123'], cluster: 'logs', database_prefix: 'obs_', user: 'sluice', password: 's3cret', catalog_refresh: '2s' });
    const shown = configToToml(cfg);
    expect(shown).toMatch(/backend = "clickhouse"/);
    expect(shown).toMatch(/cluster = "logs"/);
    expect(shown).not.toMatch(/s3cret/);
    expect(mergeConfig().storage.backend).toBe('lmdb');
  });

  it('rejects unknown keys (with "did you mean"), bad urls, prefixes, durations and backends, naming the key', () => {
    expect(() => parseConfigToml('[storage.clickhouse]\nurls = ["http://a:1"]')).toThrow(/storage\.clickhouse\.urls': unknown key.*url/);
    expect(() => parseConfigToml('[storage.clickhouse]\nurl = ["a:1"]')).toThrow(/storage\.clickhouse\.url': expected http\(s\):\/\/host:port/);
    expect(() => parseConfigToml('[storage.clickhouse]\ndatabase_prefix = "a-b"')).toThrow(/database_prefix/);
    expect(() => parseConfigToml('[storage.clickhouse]\ncatalog_refresh = "soon"')).toThrow(/catalog_refresh/);
    expect(() => parseConfigToml('[storage]\nbackend = "s3"')).toThrow(/storage\.backend': expected "lmdb" or "clickhouse"/);
  });

  it('takes the password from a file or an environment variable', () => {
    const dir = mkdtempSync(join(tmpdir(), 'sluice-chpw-'));
    try {
      writeFileSync(join(dir, 'pw'), 'from-file\n');
      expect(clickHousePassword({ url: ['http://a:1'], password_file: join(dir, 'pw') })).toBe('from-file');
      expect(clickHousePassword({ url: ['http://a:1'], password_env: 'CH_PW' }, { CH_PW: 'from-env' })).toBe('from-env');
      expect(() => clickHousePassword({ url: ['http://a:1'], password_env: 'CH_PW' }, {})).toThrow(/CH_PW is not set/);
      expect(() => clickHousePassword({ url: ['http://a:1'], password_file: join(dir, 'nope') })).toThrow(/password_file/);
      expect(clickHousePassword({ url: ['http://a:1'] })).toBeUndefined();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
