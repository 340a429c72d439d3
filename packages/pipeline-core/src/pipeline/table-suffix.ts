import type { ConfigMap } from '../config/read.js';
import type { Doc } from '../value/value.js';

/**
 * The top-level `table_suffix` template, e.g. `_${type}`: literal text and `${field}` references.
 * When a referenced field is missing or not a string or an integer, the record gets no suffix.
 */
export class TableSuffixTemplate {
  private constructor(private readonly parts: readonly (string | { readonly field: string })[]) {}

  static parse(root: ConfigMap, key: string): TableSuffixTemplate | undefined {
    const text = root.optString(key);
    if (text === undefined) return undefined;
    const parts: (string | { field: string })[] = [];
    const re = /\$\{([^}]*)\}/g;
    let last = 0;
    let fields = 0;
    for (let m = re.exec(text); m !== null; m = re.exec(text)) {
      const name = m[1]!.trim();
      if (name === '') throw root.error(key, 'empty ${} in table_suffix');
      if (m.index > last) parts.push(text.slice(last, m.index));
      parts.push({ field: name });
      fields++;
      last = re.lastIndex;
    }
    if (last < text.length) parts.push(text.slice(last));
    if (text.slice(last).includes('${')) throw root.error(key, "unclosed '${' in table_suffix");
    if (fields === 0) throw root.error(key, 'table_suffix must reference at least one field, e.g. _${type}');
    return new TableSuffixTemplate(parts);
  }

  render(doc: Doc): string | undefined {
    let out = '';
    for (const p of this.parts) {
      if (typeof p === 'string') {
        out += p;
        continue;
      }
      const v = doc[p.field];
      if (typeof v === 'string' || typeof v === 'bigint' || (typeof v === 'number' && Number.isInteger(v))) out += String(v);
      else return undefined;
    }
    return out;
  }
}
