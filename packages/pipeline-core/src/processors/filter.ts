import { readFields, type Field } from '../fields/field.js';
import { forEachField } from '../fields/for-each-field.js';
import type { Value } from '../value/value.js';
import { defineProcessor, DROP } from './processor.js';

export interface FilterConfig {
  readonly fields: readonly Field[];
  readonly matchOp: 'in' | 'not_in';
  readonly caseInsensitive: boolean;
  readonly targets: readonly string[];
  readonly ignoreMissing: boolean;
}

/**
 * `filter` (GreptimeDB's, `mode: simple`): drops the record when a field's value is one of `targets`
 * (`match_op: in`, the default) or is not one of them (`not_in`). `case_insensitive` defaults to true.
 * Strings, numbers and booleans compare by their text; other values never match.
 */
export const filterProcessor = defineProcessor<FilterConfig>({
  kind: 'filter',
  parse(cfg) {
    const fields = readFields(cfg);
    const mode = cfg.optString('mode') ?? 'simple';
    if (mode !== 'simple') throw cfg.error('mode', `unknown filter mode '${mode}' (only 'simple' exists)`);
    const matchOp = cfg.optString('match_op') ?? 'in';
    if (matchOp !== 'in' && matchOp !== 'not_in') throw cfg.error('match_op', `unknown match_op '${matchOp}' (use in or not_in)`);
    const caseInsensitive = cfg.bool('case_insensitive', true);
    const targets = cfg.stringList('targets');
    const ignoreMissing = cfg.bool('ignore_missing', false);
    cfg.done();
    return { fields, matchOp, caseInsensitive, targets, ignoreMissing };
  },
  compile({ fields, matchOp, caseInsensitive, targets, ignoreMissing }) {
    const set = new Set(caseInsensitive ? targets.map((t) => t.toLowerCase()) : targets);
    const wantIn = matchOp === 'in';
    let drop = false;
    const visit = (v: Value): undefined => {
      let text: string | undefined;
      if (typeof v === 'string') text = v;
      else if (typeof v === 'number' || typeof v === 'boolean' || typeof v === 'bigint') text = String(v);
      const found = text !== undefined && set.has(caseInsensitive ? text.toLowerCase() : text);
      if (found === wantIn) drop = true;
      return undefined;
    };
    return {
      kind: 'filter',
      exec(doc) {
        drop = false;
        forEachField(doc, 'filter', fields, ignoreMissing, visit);
        return drop ? DROP : doc;
      },
    };
  },
});
