import { ProcessorError } from '../errors/index.js';
import { readFields, type Field } from '../fields/field.js';
import { forEachField } from '../fields/for-each-field.js';
import { JsonTextError, parseJsonText } from '../pipeline/json-value.js';
import { kindOf, type Value } from '../value/value.js';
import { defineProcessor } from './processor.js';

export interface JsonParseConfig {
  readonly fields: readonly Field[];
  readonly ignoreMissing: boolean;
}

/** `json_parse`: parses a string field as JSON (integers beyond 2^53 stay exact). */
export const jsonParseProcessor = defineProcessor<JsonParseConfig>({
  kind: 'json_parse',
  parse(cfg) {
    const fields = readFields(cfg);
    const ignoreMissing = cfg.bool('ignore_missing', false);
    cfg.done();
    return { fields, ignoreMissing };
  },
  compile({ fields, ignoreMissing }) {
    const parse = (v: Value, f: Field): Value => {
      if (typeof v !== 'string') throw new ProcessorError('json_parse', f.input, `expected a string, got ${kindOf(v)}`);
      try {
        return parseJsonText(v);
      } catch (e) {
        throw new ProcessorError('json_parse', f.input, `invalid JSON: ${e instanceof JsonTextError ? e.message : String(e)}`);
      }
    };
    return {
      kind: 'json_parse',
      exec(doc) {
        forEachField(doc, 'json_parse', fields, ignoreMissing, parse);
        return doc;
      },
    };
  },
});
