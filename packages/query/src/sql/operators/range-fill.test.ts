import { describe, expect, it } from 'vitest';
import { applyFill } from './range-fill.js';
import type { SqlValue } from '../types/sql-value.js';

const ts = [0, 5, 10, 15, 20, 25];
const filled = (kind: Parameters<typeof applyFill>[0], data: SqlValue[]) => {
  const out = [...data];
  applyFill(kind, ts.slice(0, out.length), out);
  return out;
};

describe('range query FILL', () => {
  it('NULL leaves the gaps', () => {
    expect(filled({ kind: 'null' }, [1, null, 3])).toEqual([1, null, 3]);
  });

  it('PREV carries the last value forward, not into a leading gap', () => {
    expect(filled({ kind: 'prev' }, [null, 1, null, null, 4, null])).toEqual([null, 1, 1, 1, 4, 4]);
  });

  it('a constant replaces every NULL', () => {
    expect(filled({ kind: 'const', value: 6 }, [null, 1, null])).toEqual([6, 1, 6]);
  });

  it('LINEAR interpolates inner gaps and extrapolates both ends from the nearest two values', () => {
    expect(filled({ kind: 'linear', float32: false }, [null, 2, null, 6, null, null])).toEqual([0, 2, 4, 6, 8, 10]);
  });

  it('LINEAR needs two values', () => {
    expect(filled({ kind: 'linear', float32: false }, [null, 3, null])).toEqual([null, 3, null]);
  });

  it('LINEAR on Float32 rounds to Float32', () => {
    expect(filled({ kind: 'linear', float32: true }, [0, null, 0.2])).toEqual([0, Math.fround(0.1), 0.2]);
  });
});
