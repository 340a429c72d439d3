import { RE2JS } from 're2js';
import { ProcessorError } from '../errors/index.js';
import { readFields, type Field } from '../fields/field.js';
import { forEachField } from '../fields/for-each-field.js';
import { kindOf, type Value } from '../value/value.js';
import { parseReplacement, type ReplacementPart } from './gsub-replacement.js';
import { defineProcessor } from './processor.js';

export interface GsubConfig {
  readonly fields: readonly Field[];
  readonly pattern: RE2JS;
  readonly replacement: readonly ReplacementPart[];
  readonly ignoreMissing: boolean;
}

/** Group references resolved to numbers once: a name unknown to the pattern expands to ''. */
type Part = string | number;

function resolve(pattern: RE2JS, parts: readonly ReplacementPart[]): Part[] {
  const named = pattern.namedGroups();
  const count = pattern.groupCount();
  return parts.map((p) => {
    if (typeof p === 'string') return p;
    const n = typeof p.group === 'number' ? p.group : (named[p.group] ?? -1);
    return n >= 0 && n <= count ? n : '';
  });
}

/** Replaces every match (Rust `replace_all`: an empty match right after the previous match is not replaced). */
function replaceAll(pattern: RE2JS, parts: readonly Part[], input: string): string {
  const m = pattern.matcher(input);
  let out = '';
  let last = 0;
  let prevEnd = -1;
  while (m.find()) {
    const start = m.start();
    const end = m.end();
    if (start === end && start === prevEnd) continue;
    out += input.slice(last, start);
    for (const p of parts) out += typeof p === 'string' ? p : (m.group(p) ?? '');
    last = end;
    prevEnd = end;
  }
  return last === 0 && prevEnd === -1 ? input : out + input.slice(last);
}

/** `gsub`: replaces all matches of `pattern` (an RE2 regular expression) in string fields by `replacement`. */
export const gsubProcessor = defineProcessor<GsubConfig>({
  kind: 'gsub',
  parse(cfg) {
    const fields = readFields(cfg);
    const source = cfg.optString('pattern');
    if (source === undefined) throw cfg.error(undefined, "missing required key 'pattern' (the regular expression to replace)");
    let pattern: RE2JS;
    try {
      pattern = RE2JS.compile(source);
    } catch (e) {
      throw cfg.error('pattern', `invalid regular expression ${JSON.stringify(source)}: ${(e as Error).message}`);
    }
    const text = cfg.optString('replacement');
    if (text === undefined) throw cfg.error(undefined, "missing required key 'replacement' (use '' to delete the matches)");
    const ignoreMissing = cfg.bool('ignore_missing', false);
    cfg.done();
    return { fields, pattern, replacement: parseReplacement(text), ignoreMissing };
  },
  compile(config) {
    const parts = resolve(config.pattern, config.replacement);
    const replace = (value: Value, field: Field): string => {
      if (typeof value !== 'string') throw new ProcessorError('gsub', field.input, `expected a string, got ${kindOf(value)}`);
      return replaceAll(config.pattern, parts, value);
    };
    return {
      kind: 'gsub',
      exec(doc) {
        forEachField(doc, 'gsub', config.fields, config.ignoreMissing, replace);
        return doc;
      },
    };
  },
});
