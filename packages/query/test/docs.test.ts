import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SCALAR_FUNCTIONS } from '../src/sql/functions/registry.js';
import { AGGREGATE_FUNCTIONS } from '../src/sql/aggregates/registry.js';

const doc = readFileSync(new URL('../../../docs/sql.md', import.meta.url), 'utf8');

describe('docs/sql.md', () => {
  it('names every scalar function', () => {
    const missing = [...SCALAR_FUNCTIONS.keys()].filter((n) => !new RegExp(`\\b${n}\\b`).test(doc));
    expect(missing).toEqual([]);
  });
  it('names every aggregate function', () => {
    const missing = [...AGGREGATE_FUNCTIONS.keys()].filter((n) => !new RegExp(`\\b${n}\\b`).test(doc));
    expect(missing).toEqual([]);
  });
});
