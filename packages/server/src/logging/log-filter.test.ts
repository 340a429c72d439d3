import { describe, expect, it } from 'vitest';
import { parseLogFilter } from './log-filter.js';
import { formatTextLine } from './text-stream.js';

describe('log filters', () => {
  it('parses a default level with per-target overrides', () => {
    const f = parseLogFilter('warn, storage=debug,http=off');
    expect(f.defaultLevel).toBe('warn');
    expect([...f.targets]).toEqual([['storage', 'debug'], ['http', 'silent']]);
    expect(parseLogFilter('storage=trace').defaultLevel).toBe('info');
  });

  it('rejects unknown levels and bad targets', () => {
    expect(() => parseLogFilter('verbose')).toThrow(/unknown level 'verbose'/);
    expect(() => parseLogFilter('=debug')).toThrow(/bad target/);
    expect(() => parseLogFilter('  ')).toThrow(/empty/);
  });

  it('formats JSON lines as text', () => {
    const line = formatTextLine(JSON.stringify({ level: 30, time: 0, target: 'http', msg: 'hi', path: '/x' }));
    expect(line).toBe('1970-01-01T00:00:00.000Z  INFO http: hi path=/x\n');
  });
});
