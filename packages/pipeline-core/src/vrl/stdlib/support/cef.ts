import { VrlFunctionError } from '../function.js';

/** A port of VRL's CEF grammar (nom): header of 7 `|`-separated values, then `key=value` extensions. */

const HEADER_NAMES = ['cefVersion', 'deviceVendor', 'deviceProduct', 'deviceVersion', 'deviceEventClassId', 'name', 'severity'] as const;

const fail = (): never => {
  throw new VrlFunctionError('Could not parse whole line successfully');
};

/** ` key=` or `|key=` at `i`: the key and the position after `=`. */
function keyAt(s: string, i: number): { key: string; end: number } | undefined {
  let j = i;
  while (s[j] === ' ' || s[j] === '|') j++;
  if (j === i) return undefined;
  let k = j;
  while (k < s.length && s[k] !== ' ' && s[k] !== '=' && s[k] !== '\\') k++;
  if (k === j || s[k] !== '=') return undefined;
  return { key: s.slice(j, k), end: k + 1 };
}

function valueAt(s: string, i: number): { value: string; end: number } {
  let out = '';
  while (i < s.length) {
    const c = s[i]!;
    if (c === '\\') {
      const n = s[i + 1];
      if (n === '=' || n === '\\') [out, i] = [out + n, i + 2];
      else if (n === 'n' || n === 'r') [out, i] = [out + '\n', i + 2];
      else [out, i] = [out + '\\', i + 1];
      continue;
    }
    if (c === '=' || keyAt(s, i) !== undefined) break;
    out += c;
    i++;
  }
  return { value: out, end: i };
}

function headerValueAt(s: string, i: number): { value: string; end: number } {
  if (s[i] === '|') i++;
  if (s[i] === '|') return { value: '', end: i };
  let out = '';
  while (i < s.length && s[i] !== '|') {
    if (s[i] === '\\' && (s[i + 1] === '\\' || s[i + 1] === '|')) {
      out += s[i + 1];
      i += 2;
    } else out += s[i++];
  }
  if (out === '') fail();
  return { value: out.trim(), end: i };
}

const unquote = (v: string): string => (v.length >= 2 && v.startsWith('"') && v.endsWith('"') ? v.slice(1, -1) : v);

/** The pairs of a CEF line, extensions first, then the header fields; anything before `CEF:` is skipped. */
export function parseCef(line: string): [string, string][] {
  const start = line.indexOf('CEF:');
  if (start < 0) throw new VrlFunctionError('Could not parse whole line successfully: no CEF: header');
  let i = start + 4;
  const header: string[] = [];
  for (let n = 0; n < 7; n++) {
    const h = headerValueAt(line, i);
    header.push(h.value);
    i = h.end;
  }
  const pairs: [string, string][] = [];
  for (;;) {
    const k = keyAt(line, i);
    if (k === undefined) break;
    const v = keyAt(line, k.end) !== undefined ? { value: '', end: k.end } : valueAt(line, k.end);
    pairs.push([k.key, v.value]);
    i = v.end;
  }
  if (pairs.length === 0) {
    if (line[i] !== '|') fail();
    i++;
  } else {
    const last = pairs[pairs.length - 1]!;
    last[1] = last[1].replace(/ +$/, '');
  }
  if (line.slice(i).trim() !== '') fail();
  return [...pairs, ...HEADER_NAMES.map((name, n): [string, string] => [name, header[n]!])].map(([k, v]) => [k, unquote(v)]);
}

const CUSTOM = [
  'c6a1', 'c6a2', 'c6a3', 'c6a4', 'cfp1', 'cfp2', 'cfp3', 'cfp4', 'cn1', 'cn2', 'cn3', 'cs1', 'cs2', 'cs3', 'cs4', 'cs5', 'cs6',
  'deviceCustomDate1', 'deviceCustomDate2', 'flexDate1', 'flexString1', 'flexString2',
];
const CUSTOM_SET = new Set([...CUSTOM, ...CUSTOM.map((c) => `${c}Label`)]);

/** `cs1Label=Foo cs1=bar` becomes `Foo=bar`, as VRL's `translate_custom_fields` does. */
export function translateCustomFields(pairs: readonly [string, string][]): Map<string, string | null> {
  const out = new Map<string, string | null>();
  const custom = new Map<string, { label?: string; value?: string }>();
  for (const [k, v] of pairs) {
    if (!CUSTOM_SET.has(k)) {
      out.set(k, v);
      continue;
    }
    const isLabel = k.endsWith('Label');
    const base = isLabel ? k.slice(0, -5) : k;
    const entry = custom.get(base) ?? {};
    if ((isLabel ? entry.label : entry.value) !== undefined) throw new VrlFunctionError(`Custom field with duplicate ${isLabel ? 'label' : 'value'}`);
    if (isLabel) entry.label = v;
    else entry.value = v;
    custom.set(base, entry);
  }
  for (const { label, value } of custom.values()) {
    if (label === undefined) throw new VrlFunctionError('Custom field with missing label or value');
    out.set(label, value ?? null);
  }
  return out;
}
