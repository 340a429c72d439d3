import { rmSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { tempStore } from '../test-support.js';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

describe('pipeline store: the latest version', () => {
  it('follows puts and deletes (the remembered latest is forgotten by both)', async () => {
    const s = await tempStore(dirs, 'pipelines-latest-');
    try {
      expect(s.pipelines.get('p')).toBeUndefined();
      const v1 = await s.pipelines.put('p', 'a');
      expect(s.pipelines.get('p')).toEqual(v1);
      // A lookup while a put is in flight, then the put lands.
      const pending = s.pipelines.put('p', 'b');
      s.pipelines.get('p');
      const v2 = await pending;
      expect(s.pipelines.get('p')).toEqual(v2);
      expect(s.pipelines.get('p', v1.version)).toEqual(v1);
      expect(await s.pipelines.delete('p', v2.version)).toBe(true);
      expect(s.pipelines.get('p')).toEqual(v1);
      expect(await s.pipelines.delete('p', v1.version)).toBe(true);
      expect(s.pipelines.get('p')).toBeUndefined();
      expect(s.pipelines.get('q')).toBeUndefined();
      expect((await s.pipelines.put('q', 'c')).yaml).toBe('c');
      expect(s.pipelines.get('q')?.yaml).toBe('c');
    } finally {
      await s.close();
    }
  });
});
