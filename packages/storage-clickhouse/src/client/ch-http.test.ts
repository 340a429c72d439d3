import { describe, expect, it } from 'vitest';
import { requestPath, splitTsv } from './ch-http.js';

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

describe('splitTsv', () => {
  const reference = (text: string) => {
    if (text === '') return [];
    const lines = text.split('\n');
    if (lines.at(-1) === '') lines.pop();
    return lines.map((l) => l.split('\t'));
  };
  it('splits rows and fields as split-by-line-then-tab does', () => {
    for (const text of ['', '\n', 'a\n', 'a', 'a\tb\n', 'a\tb', 'a\t\tb\n\t\n', '1\t2\n3\t4\n', '\\N\tx\\ty\n', 'a\n\nb\n', 'a\t\n', 'a\t']) {
      expect(splitTsv(text), JSON.stringify(text)).toEqual(reference(text));
    }
  });
});

describe('splitTsv on large answers', () => {
  it('splits one column of many rows and wide rows alike', () => {
    const one = Array.from({ length: 50_000 }, (_, i) => String(i)).join('\n') + '\n';
    const rows = splitTsv(one);
    expect(rows.length).toBe(50_000);
    expect(rows[49_999]).toEqual(['49999']);
    const wide = Array.from({ length: 100 }, (_, i) => `${i}\thost-${i}\t\\N\tGET /x took ${i}ms`).join('\n');
    expect(splitTsv(wide)[99]).toEqual(['99', 'host-99', '\\N', 'GET /x took 99ms']);
  });
});
