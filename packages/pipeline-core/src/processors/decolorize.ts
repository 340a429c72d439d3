import { ProcessorError } from '../errors/index.js';
import { readFields, type Field } from '../fields/field.js';
import { forEachField } from '../fields/for-each-field.js';
import { kindOf, type Value } from '../value/value.js';
import { defineProcessor } from './processor.js';

/** ANSI SGR sequences (colours, bold, reset): ESC [ params m — GreptimeDB's and Loki's definition. */
const SGR = /\x1b\[[0-9;]*m/g;

export interface DecolorizeConfig {
  readonly fields: readonly Field[];
  readonly ignoreMissing: boolean;
}

export function decolorize(text: string): string {
  return text.indexOf('\x1b') < 0 ? text : text.replace(SGR, '');
}

/** `decolorize`: removes ANSI colour codes from string fields. */
export const decolorizeProcessor = defineProcessor<DecolorizeConfig>({
  kind: 'decolorize',
  parse(cfg) {
    const config: DecolorizeConfig = { fields: readFields(cfg), ignoreMissing: cfg.bool('ignore_missing', false) };
    cfg.done();
    return config;
  },
  compile(config) {
    const strip = (value: Value, field: Field): Value => {
      if (typeof value !== 'string') throw new ProcessorError('decolorize', field.input, `expected a string, got ${kindOf(value)}`);
      return decolorize(value);
    };
    return {
      kind: 'decolorize',
      exec(doc) {
        forEachField(doc, 'decolorize', config.fields, config.ignoreMissing, strip);
        return doc;
      },
    };
  },
});
