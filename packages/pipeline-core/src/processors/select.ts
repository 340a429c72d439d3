import { readFields, type Field } from '../fields/field.js';
import { setField } from '../fields/for-each-field.js';
import type { Doc } from '../value/value.js';
import { defineProcessor } from './processor.js';

export interface SelectConfig {
  readonly type: 'include' | 'exclude';
  readonly fields: readonly Field[];
}

const has = Object.prototype.hasOwnProperty;

/**
 * `select`: keeps only the listed fields (`type: include`, the default; `"input, output"` renames) or
 * removes them (`type: exclude`). Listed fields that are absent are simply not there.
 */
export const selectProcessor = defineProcessor<SelectConfig>({
  kind: 'select',
  parse(cfg) {
    const fields = readFields(cfg);
    const type = cfg.optString('type') ?? 'include';
    if (type !== 'include' && type !== 'exclude') throw cfg.error('type', `unknown select type '${type}' (use include or exclude)`);
    if (type === 'exclude' && fields.some((f) => f.input !== f.output)) throw cfg.error('fields', "'exclude' takes field names, not 'input, output' renames");
    cfg.done();
    return { type, fields };
  },
  compile({ type, fields }) {
    if (type === 'exclude') {
      return {
        kind: 'select',
        exec(doc) {
          for (let i = 0; i < fields.length; i++) delete doc[fields[i]!.input];
          return doc;
        },
      };
    }
    return {
      kind: 'select',
      exec(doc) {
        const out: Doc = {};
        for (let i = 0; i < fields.length; i++) {
          const f = fields[i]!;
          if (has.call(doc, f.input)) setField(out, f.output, doc[f.input]!);
        }
        return out;
      },
    };
  },
});
