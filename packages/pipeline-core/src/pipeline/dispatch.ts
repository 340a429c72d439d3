import type { ConfigMap } from '../config/read.js';
import type { Doc } from '../value/value.js';

export interface DispatchRule {
  readonly value: string;
  /** Appended to the table name as is (write `_http` to get `<table>_http`). */
  readonly tableSuffix: string;
  /** The pipeline the matching records continue through; undefined: written as they are (identity). */
  readonly pipeline: string | undefined;
}

/** `dispatcher:` — routes records whose `field` equals a rule's `value` to another table (and pipeline). */
export class Dispatcher {
  private readonly byValue: Map<string, DispatchRule>;

  private constructor(
    readonly field: string,
    readonly rules: readonly DispatchRule[],
  ) {
    this.byValue = new Map();
    for (const r of rules) if (!this.byValue.has(r.value)) this.byValue.set(r.value, r);
  }

  static parse(root: ConfigMap, key: string): Dispatcher | undefined {
    const cfg = root.optMap(key);
    if (cfg === undefined) return undefined;
    const field = cfg.string('field');
    const list = cfg.optMapList('rules');
    if (list === undefined || list.length === 0) throw cfg.error(undefined, "missing required key 'rules' (a list of {value, table_suffix, pipeline?})");
    const rules = list.map((r) => {
      const rule: DispatchRule = { value: r.string('value'), tableSuffix: r.string('table_suffix'), pipeline: r.optString('pipeline') };
      if (rule.tableSuffix.trim() === '') throw r.error('table_suffix', 'table_suffix must not be empty');
      r.done();
      return rule;
    });
    cfg.done();
    return new Dispatcher(field, rules);
  }

  /** The rule matching a record, if any (the field's text form equals the rule's value). */
  match(doc: Doc): DispatchRule | undefined {
    const v = doc[this.field];
    if (typeof v === 'string') return this.byValue.get(v);
    if (typeof v === 'number' || typeof v === 'boolean' || typeof v === 'bigint') return this.byValue.get(String(v));
    return undefined;
  }
}
