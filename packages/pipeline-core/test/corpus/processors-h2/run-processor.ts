// Test support for the processor corpora and unit tests: build a processor from its YAML config
// exactly as a pipeline does (ConfigMap -> parse -> compile), then run it on one record.
import { readYamlRoot } from '../../../src/config/yaml.js';
import { DROP, type ProcessorDef } from '../../../src/processors/processor.js';
import { Timestamp } from '../../../src/value/timestamp.js';
import type { Doc } from '../../../src/value/value.js';

const ctx = { now: Timestamp.fromMillis(0) };

/** Parses `{ <kind>: config }` (JSON text is YAML) and compiles it. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function compileProcessor(def: ProcessorDef<any>, config: unknown) {
  return def.compile(def.parse(readYamlRoot(JSON.stringify({ [def.kind]: config })).map(def.kind)));
}

/** Compiles the processor and runs it on a copy of `input`, returning the resulting record. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function runProcessor(def: ProcessorDef<any>, config: unknown, input: Doc): Doc {
  const out = compileProcessor(def, config).exec({ ...input }, ctx);
  if (out === DROP || Array.isArray(out)) throw new Error(`${def.kind} returned ${String(out)}`);
  return out;
}
