import { ProcessorError } from '../errors/index.js';
import { readFields, type Field } from '../fields/field.js';
import { forEachField } from '../fields/for-each-field.js';
import { kindOf } from '../value/value.js';
import { defineProcessor } from './processor.js';

const METHODS = {
  upper: (s: string) => s.toUpperCase(),
  lower: (s: string) => s.toLowerCase(),
  // Only the first character changes (GreptimeDB's `capital`); it is a code point, not a UTF-16 unit.
  capital: (s: string) => {
    const first = s.codePointAt(0);
    if (first === undefined) return s;
    const len = first > 0xffff ? 2 : 1;
    return s.slice(0, len).toUpperCase() + s.slice(len);
  },
} as const;
export type LetterMethod = keyof typeof METHODS;

export interface LetterConfig {
  readonly fields: readonly Field[];
  readonly method: LetterMethod;
  readonly ignoreMissing: boolean;
}

/** `letter`: changes the case of string fields (`method`: upper, lower (default) or capital). */
export const letterProcessor = defineProcessor<LetterConfig>({
  kind: 'letter',
  parse(cfg) {
    const fields = readFields(cfg);
    const text = cfg.optString('method') ?? 'lower';
    const method = text.toLowerCase();
    if (!Object.prototype.hasOwnProperty.call(METHODS, method)) {
      throw cfg.error('method', `unknown method ${JSON.stringify(text)}; expected one of: ${Object.keys(METHODS).join(', ')}`);
    }
    const ignoreMissing = cfg.bool('ignore_missing', false);
    cfg.done();
    return { fields, method: method as LetterMethod, ignoreMissing };
  },
  compile(config) {
    const fn = METHODS[config.method];
    return {
      kind: 'letter',
      exec(doc) {
        forEachField(doc, 'letter', config.fields, config.ignoreMissing, (value, field) => {
          if (typeof value !== 'string') throw new ProcessorError('letter', field.input, `expected a string, got ${kindOf(value)}`);
          return fn(value);
        });
        return doc;
      },
    };
  },
});
