// Every YAML example in docs/pipelines.md must parse with the real parser, so the page stays true.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parsePipeline } from '../src/index.js';

const page = readFileSync(new URL('../../../docs/pipelines.md', import.meta.url), 'utf8');
const blocks = [...page.matchAll(/```yaml\n([\s\S]*?)```/g)].map((m) => m[1]!);

// The one-line examples of the processor table: `| `kind` | ... | `kind: {...}` |`.
const oneLiners = [...page.matchAll(/^\| `(\w+)` \|.*\| `(\w+: \{.*\})` \|$/gm)].map((m) => m[2]!);

describe('docs/pipelines.md examples', () => {
  it('has one-line processor examples', () => {
    expect(oneLiners.length).toBeGreaterThanOrEqual(10);
  });
  oneLiners.forEach((line) => {
    it(`processor example ${line} parses`, () => {
      expect(() => parsePipeline(`processors:\n  - ${line}\n`)).not.toThrow();
    });
  });
  it('has examples', () => {
    expect(blocks.length).toBeGreaterThanOrEqual(3);
  });
  blocks.forEach((yaml, i) => {
    it(`example ${i + 1} parses`, () => {
      expect(() => parsePipeline(yaml)).not.toThrow();
    });
  });
});
