import { RE2JS, type Matcher } from 're2js';
import { VrlRegex, type VrlValue } from '../../value.js';
import { VrlFunctionError } from '../function.js';
import type { VrlObject } from './kind.js';

const FLAG_BITS: Record<string, number> = { i: RE2JS.CASE_INSENSITIVE, m: RE2JS.MULTILINE, s: RE2JS.DOTALL };

/** Compiles a pattern the functions build themselves (named redact filters, ...). */
export function compileRegex(source: string, flags = ''): VrlRegex {
  let bits = 0;
  for (const f of flags) bits |= FLAG_BITS[f] ?? 0;
  try {
    return new VrlRegex(source, flags, RE2JS.compile(source, bits));
  } catch (e) {
    throw new VrlFunctionError(`invalid regular expression ${JSON.stringify(source)}: ${(e as Error).message}`);
  }
}

const NAMES_BY_INDEX = new WeakMap<VrlRegex, ReadonlyMap<number, string>>();

/** Group names of a regex, by group index (computed once per regex). */
export function groupNames(re: VrlRegex): ReadonlyMap<number, string> {
  let out = NAMES_BY_INDEX.get(re);
  if (out === undefined) {
    const m = new Map<number, string>();
    for (const [name, index] of Object.entries(re.re.namedGroups())) m.set(index, name);
    NAMES_BY_INDEX.set(re, (out = m));
  }
  return out;
}

/** The object VRL's parse_regex returns for one match: named groups, plus numbered ones on request. */
export function captureObject(m: Matcher, re: VrlRegex, numeric: boolean): VrlObject {
  const out: VrlObject = {};
  const count = m.groupCount();
  if (numeric) for (let i = 0; i <= count; i++) out[String(i)] = m.group(i);
  for (const [index, name] of groupNames(re)) out[name] = m.group(index);
  return out;
}

/** Every non-overlapping match, left to right. */
export function* matches(re: VrlRegex, input: string): Generator<Matcher> {
  const m = re.re.matcher(input);
  while (m.find()) yield m;
}

/**
 * Expands a Rust-regex replacement template: `$1`, `$name`, `${name}`, `$$` (a literal `$`).
 * Unknown groups expand to the empty string, as in Rust.
 */
export function expandReplacement(template: string, m: Matcher, names: ReadonlyMap<string, number>): string {
  if (!template.includes('$')) return template;
  let out = '';
  for (let i = 0; i < template.length; i++) {
    const c = template[i]!;
    if (c !== '$') {
      out += c;
      continue;
    }
    if (template[i + 1] === '$') {
      out += '$';
      i++;
      continue;
    }
    let name: string | undefined;
    if (template[i + 1] === '{') {
      const close = template.indexOf('}', i + 2);
      if (close > 0) {
        name = template.slice(i + 2, close);
        i = close;
      }
    } else {
      const mm = /^[A-Za-z0-9_]+/.exec(template.slice(i + 1));
      if (mm) {
        name = mm[0];
        i += mm[0].length;
      }
    }
    if (name === undefined) {
      out += '$';
      continue;
    }
    const index = /^\d+$/.test(name) ? Number(name) : names.get(name);
    out += index !== undefined && index <= m.groupCount() ? (m.group(index) ?? '') : '';
  }
  return out;
}

const INDEX_BY_NAME = new WeakMap<VrlRegex, ReadonlyMap<string, number>>();

/** Group indexes of a regex, by name (computed once per regex). */
export function namesToIndex(re: VrlRegex): ReadonlyMap<string, number> {
  let out = INDEX_BY_NAME.get(re);
  if (out === undefined) INDEX_BY_NAME.set(re, (out = new Map(Object.entries(re.re.namedGroups()))));
  return out;
}

export function isRegex(v: VrlValue | undefined): v is VrlRegex {
  return v instanceof VrlRegex;
}
