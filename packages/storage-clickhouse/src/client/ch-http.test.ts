import { describe, expect, it } from 'vitest';
import { requestPath } from './ch-http.js';

describe('requestPath', () => {
  it('is the base path alone without settings or data', () => {
    expect(requestPath('/', undefined, undefined)).toBe('/');
    expect(requestPath('/', {}, undefined)).toBe('/');
  });

  it('appends settings (booleans as 0/1) and an INSERT statement, encoded', () => {
    const p = requestPath('/', { max_execution_time: 30, insert_distributed_sync: true, enable_x: false }, 'INSERT INTO t FORMAT TabSeparated');
    expect(p).toBe('/?max_execution_time=30&insert_distributed_sync=1&enable_x=0&query=INSERT%20INTO%20t%20FORMAT%20TabSeparated');
    const u = new URL(`http://h${p}`);
    expect(u.searchParams.get('query')).toBe('INSERT INTO t FORMAT TabSeparated');
  });

  it("keeps the configured URL's own query first", () => {
    expect(requestPath('/ch/?database=x', { a: 'b&c' }, undefined)).toBe('/ch/?database=x&a=b%26c');
  });
});
