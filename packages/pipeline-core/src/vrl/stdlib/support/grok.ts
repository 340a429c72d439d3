import type { VrlRegex } from '../../value.js';
import { VrlFunctionError } from '../function.js';
import { GROK_PATTERNS } from './grok-patterns.js';
import type { VrlObject } from './kind.js';
import { compileRegex, namesToIndex } from './regex.js';

/** A grok expression compiled to one RE2 regex; capture `gN` stands for `fields[N]`. */
export interface CompiledGrok {
  readonly regex: VrlRegex;
  readonly fields: readonly string[];
}

const REFERENCE = /%\{(\w+)(?::([^:}]+))?(?::[^}]*)?\}/g;

/** Expands `%{NAME}` and `%{NAME:field}` recursively (at most 32 levels, so cycles are reported). */
export function compileGrok(pattern: string): CompiledGrok {
  const fields: string[] = [];
  const expand = (text: string, depth: number): string => {
    if (depth > 32) throw new VrlFunctionError('grok pattern nests too deeply (a pattern refers to itself?)');
    return text.replace(REFERENCE, (_m, name: string, field: string | undefined) => {
      const body = GROK_PATTERNS[name];
      if (body === undefined) throw new VrlFunctionError(`unknown grok pattern %{${name}}`);
      const inner = expand(body, depth + 1);
      if (field === undefined) return `(?:${inner})`;
      fields.push(field);
      return `(?P<g${fields.length - 1}>${inner})`;
    });
  };
  return { regex: compileRegex(expand(pattern, 0)), fields };
}

/** The captured fields of the first match (fields that captured nothing are left out), or undefined. */
export function matchGrok(g: CompiledGrok, value: string): VrlObject | undefined {
  const m = g.regex.re.matcher(value);
  if (!m.find()) return undefined;
  const out: VrlObject = {};
  const names = namesToIndex(g.regex);
  g.fields.forEach((field, i) => {
    const v = m.group(names.get(`g${i}`)!);
    if (v !== null) out[field] = v;
  });
  return out;
}
