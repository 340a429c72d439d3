import type { ConfigMap } from '../config/read.js';
import { readYamlRoot } from '../config/yaml.js';
import { didYouMean } from '../config/did-you-mean.js';
import { PipelineConfigError, SluiceError } from '../errors/index.js';
import { readFields } from '../fields/field.js';
import type { Processor } from '../processors/processor.js';
import { PROCESSOR_KINDS, PROCESSORS, type ProcessorKind } from '../processors/registry.js';
import { CompiledPipeline } from './compiled-pipeline.js';
import { Dispatcher } from './dispatch.js';
import { TableSuffixTemplate } from './table-suffix.js';
import { compileTransform } from './transform/compile-transform.js';
import type { ParseOptions, Pipeline } from './types.js';

/** Processor kinds whose output field can be the time index of the auto transform. */
const TIME_KINDS: ReadonlySet<string> = new Set(['date', 'epoch']);

/**
 * Parses and compiles a pipeline once. A bad document throws a PipelineConfigError whose message names
 * the path (`processors[2].dissect.pattern`), the YAML line and column, and — for unknown keys — the
 * closest known key.
 */
export function parsePipeline(yamlText: string, options?: ParseOptions): Pipeline {
  if (typeof yamlText !== 'string') throw new PipelineConfigError({ path: '(root)' }, `a pipeline is YAML text, got ${yamlText === null ? 'null' : typeof yamlText}`);
  const root = readYamlRoot(yamlText);
  const version = readVersion(root);
  const description = root.optString('description');
  const timeFields: string[] = [];
  const processors = (root.optMapList('processors') ?? []).map((item, i) => compileProcessor(item, i, timeFields));
  const transform = compileTransform(root.optMapList('transform'), version, [...new Set(timeFields)]);
  const dispatcher = Dispatcher.parse(root, 'dispatcher');
  const tableSuffix = TableSuffixTemplate.parse(root, 'table_suffix');
  root.done();
  return new CompiledPipeline(version, description, processors, transform, dispatcher, tableSuffix, options?.resolvePipeline, [...root.warnings]);
}

function readVersion(root: ConfigMap): 1 | 2 {
  const v = root.optNumber('version');
  if (v === undefined || v === 1) return 1;
  if (v === 2) return 2;
  throw root.error('version', `unsupported version ${v} (use 1 or 2)`);
}

function compileProcessor(item: ConfigMap, i: number, timeFields: string[]): Processor {
  const keys = item.keys();
  if (keys.length !== 1) {
    throw item.error(undefined, `a processor is a map with exactly one key, its kind (got ${keys.length === 0 ? 'none' : keys.join(', ')})`);
  }
  const kind = keys[0]!;
  if (!(PROCESSOR_KINDS as readonly string[]).includes(kind)) {
    throw item.error(undefined, `unknown processor '${kind}'${didYouMean(kind, PROCESSOR_KINDS)}; known processors: ${PROCESSOR_KINDS.join(', ')}`);
  }
  const def = PROCESSORS[kind as ProcessorKind];
  if (!item.has(kind)) throw item.error(kind, `processor '${kind}' needs its settings as a map (e.g. field: message)`);
  const cfg = item.map(kind);
  try {
    const config: unknown = def.parse(cfg);
    if (TIME_KINDS.has(kind)) for (const f of readFields(cfg)) timeFields.push(f.output);
    cfg.done();
    return def.compile(config);
  } catch (e) {
    // A processor's own errors already carry their path; anything else is located at the processor.
    if (e instanceof PipelineConfigError) throw e;
    const msg = e instanceof Error ? e.message : String(e);
    throw cfg.error(undefined, e instanceof SluiceError ? msg : `cannot compile: ${msg}`);
  }
}
