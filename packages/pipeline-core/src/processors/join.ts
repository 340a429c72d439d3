import { ProcessorError } from '../errors/index.js';
import { readFields, type Field } from '../fields/field.js';
import { forEachField } from '../fields/for-each-field.js';
import { Timestamp } from '../value/timestamp.js';
import { kindOf, toJsonText, type Value } from '../value/value.js';
import { defineProcessor } from './processor.js';

export interface JoinConfig {
  readonly fields: readonly Field[];
  readonly separator: string;
  readonly ignoreMissing: boolean;
}

/** An array element as text: strings as they are, null as '', scalars printed, arrays and maps as JSON. */
function elementText(v: Value): string {
  if (v === null) return '';
  if (typeof v === 'string') return v;
  if (typeof v === 'number' || typeof v === 'bigint' || typeof v === 'boolean') return String(v);
  if (v instanceof Timestamp) return v.toISOString();
  return toJsonText(v);
}

/** `join`: joins the elements of array fields into one string with `separator`. */
export const joinProcessor = defineProcessor<JoinConfig>({
  kind: 'join',
  parse(cfg) {
    const fields = readFields(cfg);
    const separator = cfg.optString('separator');
    if (separator === undefined) throw cfg.error(undefined, "missing required key 'separator'");
    const ignoreMissing = cfg.bool('ignore_missing', false);
    cfg.done();
    return { fields, separator, ignoreMissing };
  },
  compile(config) {
    return {
      kind: 'join',
      exec(doc) {
        forEachField(doc, 'join', config.fields, config.ignoreMissing, (value, field) => {
          if (!Array.isArray(value)) throw new ProcessorError('join', field.input, `expected an array, got ${kindOf(value)}`);
          return value.map(elementText).join(config.separator);
        });
        return doc;
      },
    };
  },
});
