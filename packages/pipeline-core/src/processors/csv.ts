import type { ConfigMap } from '../config/read.js';
import { ProcessorError } from '../errors/index.js';
import { readFields, type Field } from '../fields/field.js';
import { forEachField, setField } from '../fields/for-each-field.js';
import { kindOf } from '../value/value.js';
import { readCsvRecord } from './csv-record.js';
import { defineProcessor } from './processor.js';

export interface CsvConfig {
  readonly fields: readonly Field[];
  readonly targetFields: readonly string[];
  readonly separator: string;
  readonly quote: string;
  readonly trim: boolean;
  /** Written to target fields the record has no value for; without it they are set to null. */
  readonly emptyValue: string | null;
  readonly ignoreMissing: boolean;
}

function oneChar(cfg: ConfigMap, key: string, dflt: string): string {
  const v = cfg.optString(key) ?? dflt;
  if (v.length !== 1) throw cfg.error(key, `'${key}' must be a single character, got ${JSON.stringify(v)}`);
  return v;
}

/** `target_fields: "a,b,c"` (GreptimeDB's form) or a YAML list. */
function readTargets(cfg: ConfigMap): string[] {
  const list = cfg.optStringList('target_fields');
  if (list === undefined) throw cfg.error(undefined, "missing required key 'target_fields' (the names of the columns, e.g. \"a,b,c\")");
  const names = list.flatMap((s) => s.split(',')).map((s) => s.trim()).filter((s) => s !== '');
  if (names.length === 0) throw cfg.error('target_fields', 'no field name given');
  return names;
}

/** `csv`: splits one CSV record per string field into `target_fields` (extra values are ignored). */
export const csvProcessor = defineProcessor<CsvConfig>({
  kind: 'csv',
  parse(cfg) {
    const fields = readFields(cfg);
    for (const f of fields) {
      if (f.output !== f.input) throw cfg.error(cfg.has('field') ? 'field' : 'fields', `csv writes 'target_fields'; the rename form '${f.input}, ${f.output}' is not supported`);
    }
    const targetFields = readTargets(cfg);
    const separator = oneChar(cfg, 'separator', ',');
    const quote = oneChar(cfg, 'quote', '"');
    if (separator === quote) throw cfg.error('quote', `the quote and the separator must differ (both are ${JSON.stringify(quote)})`);
    const trim = cfg.bool('trim', false);
    const emptyValue = cfg.optString('empty_value') ?? null;
    const ignoreMissing = cfg.bool('ignore_missing', false);
    cfg.done();
    return { fields, targetFields, separator, quote, trim, emptyValue, ignoreMissing };
  },
  compile(config) {
    const { targetFields, separator, quote, trim, emptyValue } = config;
    return {
      kind: 'csv',
      exec(doc) {
        forEachField(doc, 'csv', config.fields, config.ignoreMissing, (value, field) => {
          if (typeof value !== 'string') throw new ProcessorError('csv', field.input, `expected a string, got ${kindOf(value)}`);
          const record = readCsvRecord(value, separator, quote, trim);
          if (record === null) throw new ProcessorError('csv', field.input, 'the value holds no CSV record');
          for (let i = 0; i < targetFields.length; i++) setField(doc, targetFields[i]!, i < record.length ? record[i]! : emptyValue);
          return undefined;
        });
        return doc;
      },
    };
  },
});
