import { RE2JS } from 're2js';
import type { ConfigMap } from '../config/read.js';
import { ProcessorError } from '../errors/index.js';
import { readFields, type Field } from '../fields/field.js';
import { forEachField, setField } from '../fields/for-each-field.js';
import { kindOf, type Doc, type Value } from '../value/value.js';
import { defineProcessor } from './processor.js';

/** One user pattern compiled by re2js (linear-time matching) with its named groups in order. */
export interface NamedGroupRegex {
  readonly source: string;
  readonly regex: RE2JS;
  readonly groups: readonly string[];
}

export interface RegexConfig {
  readonly fields: readonly Field[];
  readonly patterns: readonly NamedGroupRegex[];
  readonly ignoreMissing: boolean;
}

/** Compiles one pattern; `(?<name>...)` and `(?P<name>...)` both name a group. Throws a message on failure. */
export function compileNamedGroupRegex(source: string): NamedGroupRegex | string {
  let regex: RE2JS;
  try {
    regex = RE2JS.compile(source);
  } catch (e) {
    return `invalid regular expression ${JSON.stringify(source)}: ${(e as Error).message}`;
  }
  const named = regex.namedGroups();
  const groups = Object.keys(named).sort((a, b) => named[a]! - named[b]!);
  if (groups.length === 0) return `the pattern ${JSON.stringify(source)} has no named group: write (?<name>...) for each value to extract`;
  return { source, regex, groups };
}

function readPatterns(cfg: ConfigMap): NamedGroupRegex[] {
  const many = cfg.optStringList('patterns');
  const one = cfg.optString('pattern');
  if (many !== undefined && one !== undefined) throw cfg.error('pattern', "set either 'pattern' or 'patterns', not both");
  const key = one !== undefined ? 'pattern' : 'patterns';
  const texts = one !== undefined ? [one] : many;
  if (texts === undefined || texts.length === 0) throw cfg.error(undefined, "missing required key 'patterns' (a list of regular expressions with named groups)");
  return texts.map((text, i) => {
    const compiled = compileNamedGroupRegex(text);
    if (typeof compiled === 'string') throw cfg.error(key, key === 'patterns' ? `patterns[${i}]: ${compiled}` : compiled);
    return compiled;
  });
}

/**
 * `regex`: every pattern is tried on each field (GreptimeDB semantics); each named group that took part
 * in a match is written as `<output>_<group>`, later patterns overwriting earlier ones. No match adds nothing.
 */
export const regexProcessor = defineProcessor<RegexConfig>({
  kind: 'regex',
  parse(cfg) {
    const fields = readFields(cfg);
    const patterns = readPatterns(cfg);
    const ignoreMissing = cfg.bool('ignore_missing', false);
    cfg.done();
    return { fields, patterns, ignoreMissing };
  },
  compile(config) {
    const patterns = config.patterns;
    // Output names `<output>_<group>` computed once per field, pattern and group.
    const outputs = new Map(config.fields.map((f) => [f, patterns.map((p) => p.groups.map((g) => `${f.output}_${g}`))]));
    const extract = (value: Value, field: Field, doc: Doc): undefined => {
      if (typeof value !== 'string') throw new ProcessorError('regex', field.input, `expected a string, got ${kindOf(value)}`);
      const names = outputs.get(field)!;
      for (let pi = 0; pi < patterns.length; pi++) {
        const p = patterns[pi]!;
        const m = p.regex.matcher(value);
        if (!m.find()) continue;
        for (let gi = 0; gi < p.groups.length; gi++) {
          const v = m.group(p.groups[gi]!);
          if (v !== null) setField(doc, names[pi]![gi]!, v);
        }
      }
      return undefined;
    };
    return {
      kind: 'regex',
      exec(doc) {
        forEachField(doc, 'regex', config.fields, config.ignoreMissing, extract);
        return doc;
      },
    };
  },
});
