// Shared by the h3 corpus runners: builds a processor from a plain config through the real YAML
// reader (JSON is YAML), runs it on one record, and reads corpus files keeping big integers exact.
import { readFileSync, readdirSync } from 'node:fs';
import { readYamlRoot } from '../../../src/config/yaml.js';
import type { ProcessorDef } from '../../../src/processors/processor.js';
import { Timestamp } from '../../../src/value/timestamp.js';
import type { Doc } from '../../../src/value/value.js';

export const NOW = { now: new Timestamp(0n) };

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function build(def: ProcessorDef<any>, config: Record<string, unknown>) {
  const root = readYamlRoot(JSON.stringify({ [def.kind]: config }));
  return def.compile(def.parse(root.map(def.kind)));
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function runOne(def: ProcessorDef<any>, config: Record<string, unknown>, doc: Doc): Doc {
  const out = build(def, config).exec(doc, NOW);
  if (typeof out === 'symbol' || Array.isArray(out)) throw new Error('expected one record');
  return out;
}

/** Every `*.json` in a corpus folder, with `expected_ns` numbers read as exact strings. */
export function loadCorpus<T>(dir: URL): { file: string; cases: T[] }[] {
  return readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((file) => {
      const text = readFileSync(new URL(file, dir), 'utf8').replace(/("expected_ns":\s*)(-?\d+(?:\.\d+)?)/g, '$1"$2"');
      return { file, cases: JSON.parse(text) as T[] };
    });
}
