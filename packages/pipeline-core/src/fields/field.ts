import type { ConfigMap } from '../config/read.js';

/** One `field` entry: `input` is read, `output` is where the result goes (`"input, output"` renames). */
export interface Field {
  readonly input: string;
  readonly output: string;
}

export function parseField(text: string): Field {
  const comma = text.indexOf(',');
  if (comma < 0) return { input: text.trim(), output: text.trim() };
  const input = text.slice(0, comma).trim();
  const output = text.slice(comma + 1).trim();
  return { input, output: output === '' ? input : output };
}

/** One map entry `{key: a, rename_to: b}` (GreptimeDB's map form of `"a, b"`). */
function mapField(m: ConfigMap): Field {
  const input = m.string('key').trim();
  const rename = m.optString('rename_to')?.trim();
  m.done();
  return { input, output: rename === undefined || rename === '' ? input : rename };
}

/**
 * Reads `field` or `fields` (exactly one of them; a string, a map `{key, rename_to}`, or a list of
 * either) from a processor config. With `required: false` neither may be present (returns []).
 */
export function readFields(cfg: ConfigMap, required = true): Field[] {
  const one = cfg.optStringOrMapList('field');
  const many = cfg.optStringOrMapList('fields');
  if (one !== undefined && many !== undefined) throw cfg.error('fields', "set either 'field' or 'fields', not both");
  const list = one ?? many;
  if (list === undefined || list.length === 0) {
    if (required) throw cfg.error(undefined, "missing required key 'field' (or 'fields')");
    return [];
  }
  return list.map((t, i) => {
    const f = typeof t === 'string' ? parseField(t) : mapField(t);
    if (f.input === '') throw cfg.error(one ? 'field' : 'fields', `entry ${i} is an empty field name`);
    return f;
  });
}
