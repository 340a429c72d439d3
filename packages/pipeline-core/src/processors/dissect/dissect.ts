import type { ConfigMap } from '../../config/read.js';
import { ProcessorError } from '../../errors/index.js';
import { readFields, type Field } from '../../fields/field.js';
import { forEachField } from '../../fields/for-each-field.js';
import { kindOf, type Doc, type Value } from '../../value/value.js';
import { defineProcessor } from '../processor.js';
import { compileDissect } from './match.js';
import { DissectPatternError, parseDissectPattern, type DissectPattern } from './pattern.js';

export interface DissectConfig {
  readonly fields: readonly Field[];
  readonly patterns: readonly DissectPattern[];
  readonly ignoreMissing: boolean;
  readonly appendSeparator: string;
}

/** `patterns` (a list) or `pattern` (one), exactly one of them. */
function readPatternTexts(cfg: ConfigMap): { key: string; texts: string[] } {
  const many = cfg.optStringList('patterns');
  const one = cfg.optString('pattern');
  if (many !== undefined && one !== undefined) throw cfg.error('pattern', "set either 'pattern' or 'patterns', not both");
  if (one !== undefined) return { key: 'pattern', texts: [one] };
  if (many === undefined || many.length === 0) throw cfg.error(undefined, "missing required key 'patterns' (a list of dissect patterns)");
  return { key: 'patterns', texts: many };
}

export const dissectProcessor = defineProcessor<DissectConfig>({
  kind: 'dissect',
  parse(cfg) {
    const fields = readFields(cfg);
    // GreptimeDB reads only the input of a renamed field (dissect writes its pattern's keys): accept it, say so.
    for (const f of fields) {
      if (f.output !== f.input) {
        cfg.warn(cfg.has('field') ? 'field' : 'fields', `dissect writes the keys of its pattern; the new name '${f.output}' of field '${f.input}' is unused`);
      }
    }
    const { key, texts } = readPatternTexts(cfg);
    const patterns = texts.map((text, i) => {
      try {
        return parseDissectPattern(text);
      } catch (e) {
        if (!(e instanceof DissectPatternError)) throw e;
        const which = key === 'patterns' ? `patterns[${i}]: ` : '';
        throw cfg.error(key, `${which}${e.message}`);
      }
    });
    const ignoreMissing = cfg.bool('ignore_missing', false);
    // GreptimeDB joins `%{+a}` parts with one space unless told otherwise (Elasticsearch joins with '').
    const appendSeparator = cfg.optString('append_separator') ?? ' ';
    cfg.done();
    return { fields, patterns, ignoreMissing, appendSeparator };
  },
  compile(config) {
    const matchers = config.patterns.map((p) => compileDissect(p, config.appendSeparator));
    const described = matchers.map((m) => JSON.stringify(m.pattern)).join(', ');
    // Built once: the per-record path allocates nothing but the extracted strings.
    const dissectValue = (value: Value, field: Field, doc: Doc): undefined => {
      if (typeof value !== 'string') throw new ProcessorError('dissect', field.input, `expected a string, got ${kindOf(value)}`);
      for (let i = 0; i < matchers.length; i++) if (matchers[i]!.match(value, doc)) return undefined;
      const shown = value.length > 200 ? `${value.slice(0, 200)}...` : value;
      throw new ProcessorError('dissect', field.input, `no pattern matched ${JSON.stringify(shown)}; patterns tried: ${described}`);
    };
    return {
      kind: 'dissect',
      exec(doc) {
        forEachField(doc, 'dissect', config.fields, config.ignoreMissing, dissectValue);
        return doc;
      },
    };
  },
});
