import { RE2JS } from 're2js';
import { ProcessorError } from '../errors/index.js';
import { readFields, type Field } from '../fields/field.js';
import { forEachField } from '../fields/for-each-field.js';
import { kindOf, type Value } from '../value/value.js';
import { defineProcessor } from './processor.js';

/**
 * GreptimeDB's presets: the variable parts of a log line. Fixed patterns (linear, no nested
 * quantifiers), so they run on the JS engine; `\p{Nd}` keeps Rust's Unicode `\d`.
 */
const PRESETS = {
  numbers: /\p{Nd}+/gu,
  quoted: /["'“”‘’][^"'“”‘’]*["'“”‘’]/gu,
  bracketed: /[({[<「『【〔［｛〈《][^(){}[\]<>「」『』【】〔〕［］｛｝〈〉《》]*[)}\]>」』】〕］｝〉》]/gu,
  uuid: /\b[0-9a-fA-F]{8}\b-[0-9a-fA-F]{4}\b-[0-9a-fA-F]{4}\b-[0-9a-fA-F]{4}\b-[0-9a-fA-F]{12}\b/gu,
  ip: /((\p{Nd}{1,3}\.){3}\p{Nd}{1,3}(:\p{Nd}+)?|(\[[0-9a-fA-F:]+\])(:\p{Nd}+)?)/gu,
} as const;
export type DigestPreset = keyof typeof PRESETS;
const PRESET_NAMES = Object.keys(PRESETS) as DigestPreset[];

/** One removal step, in the order the config lists it. */
export type DigestPattern = { readonly kind: 'preset'; readonly name: DigestPreset } | { readonly kind: 'regex'; readonly source: string };

export interface DigestConfig {
  readonly fields: readonly Field[];
  readonly patterns: readonly DigestPattern[];
  readonly ignoreMissing: boolean;
}

type Remover = (text: string) => string;

function remover(p: DigestPattern): Remover {
  if (p.kind === 'preset') {
    const re = PRESETS[p.name];
    return (t) => t.replace(re, '');
  }
  const re = RE2JS.compile(p.source); // user patterns run on RE2 (linear time)
  return (t) => re.matcher(t).replaceAll('');
}

/**
 * `digest`: removes variable parts (presets and user `regex` patterns, applied in the order the
 * config lists them) and writes the template to `{field}_digest` (or to the rename target).
 */
export const digestProcessor = defineProcessor<DigestConfig>({
  kind: 'digest',
  parse(cfg) {
    const fields = readFields(cfg);
    const byKey: Record<'presets' | 'regex', DigestPattern[]> = { presets: [], regex: [] };
    for (const [i, name] of (cfg.optStringList('presets') ?? []).entries()) {
      if (!(PRESET_NAMES as string[]).includes(name)) throw cfg.error('presets', `entry ${i}: unknown preset '${name}' (use ${PRESET_NAMES.join(', ')})`);
      byKey.presets.push({ kind: 'preset', name: name as DigestPreset });
    }
    for (const [i, source] of (cfg.optStringList('regex') ?? []).entries()) {
      try {
        RE2JS.compile(source);
      } catch (e) {
        throw cfg.error('regex', `entry ${i}: invalid regular expression '${source}': ${(e as Error).message}`);
      }
      byKey.regex.push({ kind: 'regex', source });
    }
    const order = cfg.keys().filter((k): k is 'presets' | 'regex' => k === 'presets' || k === 'regex');
    const patterns = order.flatMap((k) => byKey[k]);
    const config: DigestConfig = { fields, patterns, ignoreMissing: cfg.bool('ignore_missing', false) };
    cfg.done();
    if (patterns.length === 0) throw cfg.error(undefined, "set 'presets' and/or 'regex': without a pattern the digest would be a copy of the field");
    return config;
  },
  compile(config) {
    const removers = config.patterns.map(remover);
    const fields = config.fields.map((f) => (f.output === f.input ? { input: f.input, output: `${f.input}_digest` } : f));
    const digest = (value: Value, field: Field): Value => {
      if (typeof value !== 'string') throw new ProcessorError('digest', field.input, `expected a string, got ${kindOf(value)}`);
      let text = value;
      for (let i = 0; i < removers.length; i++) text = removers[i]!(text);
      return text;
    };
    return {
      kind: 'digest',
      exec(doc) {
        forEachField(doc, 'digest', fields, config.ignoreMissing, digest);
        return doc;
      },
    };
  },
});
