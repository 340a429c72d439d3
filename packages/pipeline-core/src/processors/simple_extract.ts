import { ProcessorError } from '../errors/index.js';
import { readFields, type Field } from '../fields/field.js';
import { forEachField } from '../fields/for-each-field.js';
import { isValueMap, kindOf, type Value } from '../value/value.js';
import { defineProcessor } from './processor.js';

export interface SimpleExtractConfig {
  readonly fields: readonly Field[];
  readonly key: readonly string[];
  readonly ignoreMissing: boolean;
}

const has = Object.prototype.hasOwnProperty;

/**
 * `simple_extract`: reads a nested key (`key: "commit.author"`) out of an object field; array items are
 * reached by index (`items.0.id`). A missing key yields null.
 */
export const simpleExtractProcessor = defineProcessor<SimpleExtractConfig>({
  kind: 'simple_extract',
  parse(cfg) {
    const fields = readFields(cfg);
    const keyText = cfg.string('key');
    const key = keyText.split('.');
    if (key.some((k) => k === '')) throw cfg.error('key', `invalid key '${keyText}': empty part (write keys as a.b.c)`);
    const ignoreMissing = cfg.bool('ignore_missing', false);
    cfg.done();
    return { fields, key, ignoreMissing };
  },
  compile({ fields, key, ignoreMissing }) {
    const extract = (v: Value, f: Field): Value => {
      if (!isValueMap(v) && !Array.isArray(v)) throw new ProcessorError('simple_extract', f.input, `expected an object, got ${kindOf(v)} (use json_parse first)`);
      let cur: Value = v;
      for (let i = 0; i < key.length; i++) {
        const k = key[i]!;
        if (isValueMap(cur) && has.call(cur, k)) cur = cur[k]!;
        else if (Array.isArray(cur) && /^\d+$/.test(k) && Number(k) < cur.length) cur = cur[Number(k)]!;
        else return null;
      }
      return cur;
    };
    return {
      kind: 'simple_extract',
      exec(doc) {
        forEachField(doc, 'simple_extract', fields, ignoreMissing, extract);
        return doc;
      },
    };
  },
});
