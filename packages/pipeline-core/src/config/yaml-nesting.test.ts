import { describe, expect, it } from 'vitest';
import { parsePipeline } from '../index.js';

describe('YAML nesting (issue 18: a 100,000-deep document took the process down)', () => {
  it('refuses flow nesting past 256 levels with a config error naming the place, before the parser recurses', () => {
    const deep = (n: number) => `processors: ${'['.repeat(n)}1${']'.repeat(n)}\n`;
    expect(() => parsePipeline(deep(100_000))).toThrow(/nested deeper than 256 levels/);
    expect(() => parsePipeline(`${'{"a":'.repeat(3000)}1${'}'.repeat(3000)}`)).toThrow(/line 1, column 257|nested deeper/);
    const block = (n: number) => `${Array.from({ length: n }, (_, i) => `${' '.repeat(i)}a:`).join('\n')} 1\n`;
    expect(() => parsePipeline(block(3000))).toThrow(/indented more than 256 columns/);
    // Ordinary nesting (VRL blocks in a block scalar, lists of maps) is far below the bound.
    expect(() => parsePipeline(deep(10))).toThrow(/processors/);
  });
});
