import type { ConfigMap } from '../../config/read.js';
import { readFields, type Field } from '../../fields/field.js';
import type { IndexKind, Semantic } from '../../schema/column-type.js';
import { fromPlain } from '../json-value.js';
import type { Value } from '../../value/value.js';
import { CoerceError, compileCoercer, type Coercer } from './coerce.js';
import { checkIndexOption } from './index-options.js';
import { parseTransformType, type TransformType } from './transform-type.js';

export type OnFailure = 'error' | 'ignore' | 'default';

/** One `transform:` entry, parsed and compiled once. */
export interface TransformEntry {
  readonly fields: readonly Field[];
  readonly typeText: string;
  readonly type: TransformType;
  readonly coerce: Coercer;
  readonly semantic: Semantic;
  readonly index: IndexKind | undefined;
  readonly onFailure: OnFailure;
  /** `default:` converted to the type (undefined when not set). */
  readonly dflt: Value | undefined;
  /** `index: {type, options}` options (fulltext/skipping), as text; validated, stored in the column schema. */
  readonly indexOptions: Readonly<Record<string, string>> | undefined;
}

/** `index: fulltext` or `index: {type: fulltext, options: {analyzer: Chinese, ...}}`. */
function readIndex(cfg: ConfigMap): { indexText: string | undefined; indexOptions: Record<string, string> | undefined } {
  const raw = cfg.raw('index');
  let indexText: string | undefined;
  let indexOptions: Record<string, string> | undefined;
  let at: ConfigMap = cfg;
  let key = 'index';
  if (raw !== null && typeof raw === 'object' && !Array.isArray(raw)) {
    const m = cfg.map('index');
    indexText = m.string('type');
    const opts = m.optMap('options');
    if (opts !== undefined) {
      indexOptions = {};
      if (indexText !== 'fulltext' && indexText !== 'skipping') throw m.error('options', `only fulltext and skipping indexes take options, not '${indexText}'`);
      for (const k of opts.keys()) {
        const v = opts.string(k);
        const problem = checkIndexOption(indexText, k, v);
        if (problem !== undefined) throw opts.error(k, problem);
        indexOptions[k] = v;
      }
    }
    m.done();
    at = m;
    key = 'type';
  } else {
    indexText = cfg.optString('index');
  }
  if (indexText !== undefined && !INDEXES.includes(indexText)) {
    throw at.error(key, `unknown index '${indexText}' (use timestamp, tag, fulltext, inverted or skipping)`);
  }
  return { indexText, indexOptions };
}

const INDEXES = ['timestamp', 'time', 'tag', 'fulltext', 'inverted', 'skipping'];

export function parseTransformEntry(cfg: ConfigMap): TransformEntry {
  const fields = readFields(cfg);
  const typeText = cfg.string('type');
  const type = parseTransformType(typeText);
  if (typeof type === 'string') throw cfg.error('type', type);
  const { indexText, indexOptions } = readIndex(cfg);
  const tag = cfg.bool('tag', false);
  const onFailureText = cfg.optString('on_failure');
  if (onFailureText !== undefined && onFailureText !== 'ignore' && onFailureText !== 'default') {
    throw cfg.error('on_failure', `unknown on_failure '${onFailureText}' (use ignore or default)`);
  }
  const isTime = indexText === 'timestamp' || indexText === 'time';
  if (isTime && type.kind === 'plain') throw cfg.error('index', `a timestamp index needs a time type such as 'epoch, ms' or 'time', not '${typeText}'`);
  if (isTime && tag) throw cfg.error('tag', 'a timestamp index cannot also be a tag');
  const coerce = compileCoercer(type, typeText);
  let dflt: Value | undefined;
  const raw = cfg.raw('default');
  if (raw !== undefined && raw !== null) {
    try {
      dflt = coerce(fromPlain(raw));
    } catch (e) {
      throw cfg.error('default', e instanceof CoerceError ? e.message : String(e));
    }
  }
  cfg.done();
  const semantic: Semantic = isTime ? 'timestamp' : tag || indexText === 'tag' ? 'tag' : 'field';
  const index = indexText === 'fulltext' || indexText === 'inverted' || indexText === 'skipping' ? indexText : undefined;
  return { fields, typeText, type, coerce, semantic, index, onFailure: (onFailureText as OnFailure | undefined) ?? 'error', dflt, indexOptions };
}
