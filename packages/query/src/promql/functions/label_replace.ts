import { PromqlExecutionError } from '../errors.js';
import { getLabel, setLabel } from '../labels.js';
import { compileRegex } from '../matchers.js';
import { mergeSameLabels, withLabels } from '../eval/merge.js';
import type { StringValue, VectorValue } from '../eval/values.js';
import { defineFunction } from './function.js';

export const LABEL_NAME_RE = /^[a-zA-Z_][a-zA-Z0-9_]*$/;

/** Go's Regexp.Expand: `$1`, `${1}`, `$name`, `${name}`, `$$`; unknown groups expand to nothing. */
export function expandTemplate(template: string, groups: (i: number | string) => string): string {
  let out = '';
  for (let i = 0; i < template.length; i++) {
    const ch = template[i]!;
    if (ch !== '$' || i + 1 >= template.length) {
      out += ch;
      continue;
    }
    const next = template[i + 1]!;
    if (next === '$') {
      out += '$';
      i++;
      continue;
    }
    let name: string | undefined;
    let end = i;
    if (next === '{') {
      const close = template.indexOf('}', i + 2);
      const inner = close < 0 ? '' : template.slice(i + 2, close);
      if (close >= 0 && /^[A-Za-z0-9_]+$/.test(inner)) {
        name = inner;
        end = close;
      }
    } else {
      const m = /^[A-Za-z0-9_]+/.exec(template.slice(i + 1));
      if (m) {
        name = m[0];
        end = i + m[0].length;
      }
    }
    if (name === undefined) {
      out += ch;
      continue;
    }
    out += /^\d+$/.test(name) ? groups(Number(name)) : groups(name);
    i = end;
  }
  return out;
}

export const label_replace = defineFunction({
  name: 'label_replace', args: ['vector', 'string', 'string', 'string', 'string'], variadic: 0, returns: 'vector',
  impl: {
    kind: 'custom',
    eval: (args, _call, ctx) => {
      const v = args[0] as VectorValue;
      const [dst, repl, src, regex] = args.slice(1).map((a) => (a as StringValue).value) as [string, string, string, string];
      const re = compileRegex(regex);
      if (!LABEL_NAME_RE.test(dst)) throw new PromqlExecutionError(`invalid destination label name in label_replace(): ${dst}`);
      const named = re.namedGroups();
      const out = v.series.map((s) => {
        const m = re.matcher(getLabel(s.labels, src));
        if (!m.matches()) return s;
        const groups = (g: number | string): string => {
          const idx = typeof g === 'number' ? g : named[g];
          if (idx === undefined || idx > re.groupCount()) return '';
          return m.group(idx) ?? '';
        };
        return withLabels(s, setLabel(s.labels, dst, expandTemplate(repl, groups)));
      });
      return { type: 'vector', series: mergeSameLabels(out, ctx.steps) };
    },
  },
});
