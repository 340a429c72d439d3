import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createLogging } from './logger.js';

describe('createLogging', () => {
  it('writes text or JSON lines, per-target levels, and a copy under dir', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sluice-log-'));
    try {
      const lines: string[] = [];
      const logging = createLogging({ level: 'info,storage=debug', dir, log_format: 'json', stream: { write: (s: string) => lines.push(s) } });
      logging.forTarget('http').debug('hidden');
      logging.forTarget('storage').debug('shown');
      logging.forTarget('http').info({ path: '/x' }, 'hello');
      await logging.flush();
      const parsed = lines.join('').trim().split('\n').map((l) => JSON.parse(l));
      expect(parsed.map((o) => [o.target, o.msg])).toEqual([['storage', 'shown'], ['http', 'hello']]);
      expect(readFileSync(join(dir, 'sluice.log'), 'utf8')).toContain('"msg":"hello"');
      const text: string[] = [];
      createLogging({ level: 'warn', log_format: 'text', stream: { write: (s: string) => text.push(s) } }).forTarget('server').warn('careful');
      expect(text.join('')).toMatch(/^\S+Z  WARN server: careful\n$/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
