import { ProcessorError } from '../errors/index.js';
import { readFields, type Field } from '../fields/field.js';
import { forEachField } from '../fields/for-each-field.js';
import { JsonPath, JsonPathError } from '../pipeline/json-path.js';
import { kindOf, type Value } from '../value/value.js';
import { defineProcessor } from './processor.js';

export interface JsonPathConfig {
  readonly fields: readonly Field[];
  readonly path: JsonPath;
  readonly resultIndex: number | undefined;
  readonly ignoreMissing: boolean;
}

/**
 * `json_path`: evaluates a JSONPath over an object/array field. The output is the list of matches, or
 * with `result_index: n` the n-th match (null when there are fewer).
 */
export const jsonPathProcessor = defineProcessor<JsonPathConfig>({
  kind: 'json_path',
  parse(cfg) {
    const fields = readFields(cfg);
    const text = cfg.string('json_path');
    let path: JsonPath;
    try {
      path = JsonPath.compile(text);
    } catch (e) {
      throw cfg.error('json_path', e instanceof JsonPathError ? e.message : String(e));
    }
    const resultIndex = cfg.optNumber('result_index');
    if (resultIndex !== undefined && (!Number.isInteger(resultIndex) || resultIndex < 0)) throw cfg.error('result_index', `expected a non-negative integer, got ${resultIndex}`);
    const ignoreMissing = cfg.bool('ignore_missing', false);
    cfg.done();
    return { fields, path, resultIndex, ignoreMissing };
  },
  compile({ fields, path, resultIndex, ignoreMissing }) {
    const run = (v: Value, f: Field): Value => {
      const k = kindOf(v);
      if (k !== 'object' && k !== 'array') throw new ProcessorError('json_path', f.input, `expected an object or an array, got ${k} (use json_parse first)`);
      const found = path.evaluate(v);
      return resultIndex === undefined ? found : (found[resultIndex] ?? null);
    };
    return {
      kind: 'json_path',
      exec(doc) {
        forEachField(doc, 'json_path', fields, ignoreMissing, run);
        return doc;
      },
    };
  },
});
