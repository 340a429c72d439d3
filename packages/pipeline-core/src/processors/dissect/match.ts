import { compileFunction } from '../../fields/compile-function.js';
import { setField } from '../../fields/for-each-field.js';
import type { Doc } from '../../value/value.js';
import type { DissectPattern } from './pattern.js';

/** How the values captured per key become fields, computed once per pattern. */
type Output =
  | { readonly kind: 'set'; readonly name: string; readonly slot: number }
  | { readonly kind: 'append'; readonly name: string; readonly slots: readonly number[] }
  | { readonly kind: 'ref'; readonly nameSlot: number; readonly valueSlot: number };

/** A compiled dissect pattern: literal delimiters are found with indexOf, no regex is involved. */
export interface DissectMatcher {
  readonly pattern: string;
  /** On a match writes the extracted fields into `out` and returns true; otherwise writes nothing and returns false. */
  match(input: string, out: Doc): boolean;
}

function buildOutputs(pattern: DissectPattern): Output[] {
  const outputs: Output[] = [];
  const byName = new Map<string, number>();
  const refs = new Map<string, { nameSlot: number; valueSlot: number }>();
  const appendSlots = new Map<string, { slot: number; order: number }[]>();
  pattern.pairs.forEach(({ key }, slot) => {
    switch (key.kind) {
      case 'skip':
        return;
      case 'set': {
        const at = byName.get(key.name);
        // A repeated plain key keeps the last value (as Elasticsearch's map does), at its first position.
        if (at !== undefined) outputs[at] = { kind: 'set', name: key.name, slot };
        else byName.set(key.name, outputs.push({ kind: 'set', name: key.name, slot }) - 1);
        return;
      }
      case 'append': {
        let slots = appendSlots.get(key.name);
        if (slots === undefined) {
          appendSlots.set(key.name, (slots = []));
          outputs.push({ kind: 'append', name: key.name, slots: [] });
        }
        slots.push({ slot, order: key.appendOrder });
        return;
      }
      default: {
        let r = refs.get(key.name);
        if (r === undefined) {
          refs.set(key.name, (r = { nameSlot: -1, valueSlot: -1 }));
          outputs.push({ kind: 'ref', nameSlot: -1, valueSlot: -1 });
        }
        if (key.kind === 'ref_name') r.nameSlot = slot;
        else r.valueSlot = slot;
      }
    }
  });
  // Fill in the append orders (a stable sort, as Elasticsearch's) and the reference slots.
  const refList = [...refs.values()];
  let refIndex = 0;
  return outputs.map((o) => {
    if (o.kind === 'append') {
      const slots = [...appendSlots.get(o.name)!].sort((a, b) => a.order - b.order).map((s) => s.slot);
      return { ...o, slots };
    }
    if (o.kind === 'ref') return { kind: 'ref', ...refList[refIndex++]! };
    return o;
  });
}

class CompiledDissect implements DissectMatcher {
  readonly pattern: string;
  private readonly leading: string;
  private readonly delimiters: readonly string[];
  /** Right padding (`->`) per key; null when no key has it (the common case skips the check). */
  private readonly padding: readonly boolean[] | null;
  private readonly outputs: readonly Output[];
  /** Names written by set/append keys: a reference whose name collides with one makes the match fail. */
  private readonly fixedNames: ReadonlySet<string>;
  private readonly hasRefs: boolean;
  /** Fast path when every output is a plain key: field names and their slots, in output order. */
  private readonly plainNames: readonly string[] | null;
  private readonly plainSlots: readonly number[];
  /** No plain name is `__proto__`, so a plain assignment writes each field (setField's check is not needed). */
  private readonly plainDirect: boolean;
  /**
   * Where each captured value of the current input starts and ends (start at 2k, end at 2k+1); reused:
   * matching is synchronous and not re-entrant. Numbers, not the strings: a long-lived list of new
   * strings costs a GC write barrier per value, and a slice is made only once the whole pattern matched.
   */
  private readonly bounds: Int32Array;
  /** The captured strings, for the rarer append/reference outputs. */
  private readonly values: string[];
  /** The plain outputs' writes compiled into one function (see compileWrites); null: written in a loop. */
  private readonly writes: PlainWrites | null;

  constructor(p: DissectPattern, private readonly separator: string) {
    this.pattern = p.source;
    this.leading = p.leading;
    this.delimiters = p.pairs.map((x) => x.delimiter);
    this.padding = p.pairs.some((x) => x.key.rightPadding) ? p.pairs.map((x) => x.key.rightPadding) : null;
    this.outputs = buildOutputs(p);
    this.fixedNames = new Set(p.pairs.filter((x) => x.key.kind === 'set' || x.key.kind === 'append').map((x) => x.key.name));
    this.hasRefs = this.outputs.some((o) => o.kind === 'ref');
    const plain = this.outputs.every((o) => o.kind === 'set');
    this.plainNames = plain ? this.outputs.map((o) => (o as { name: string }).name) : null;
    this.plainSlots = plain ? this.outputs.map((o) => (o as { slot: number }).slot) : [];
    this.plainDirect = this.plainNames !== null && !this.plainNames.includes('__proto__');
    this.bounds = new Int32Array(2 * this.delimiters.length);
    this.values = new Array<string>(this.delimiters.length).fill('');
    this.writes = this.plainDirect ? compileWrites(this.plainNames!, this.plainSlots) : null;
  }

  /**
   * Elasticsearch's dissect walk: the value of key k runs up to the first occurrence of its delimiter
   * at or after the current position; after a `->` key, repeats of that delimiter are skipped.
   * Unlike Elasticsearch (issue elastic/elasticsearch#119264), a repeated delimiter after a plain key
   * is not re-read with the previous key's delimiter: the next key's own delimiter is searched, so
   * `%{}|%{}|foo=%{f}` gives f=bar on `||foo=bar`.
   */
  private capture(input: string): boolean {
    const n = input.length;
    const lead = this.leading;
    if (n <= lead.length || (lead.length > 0 && !input.startsWith(lead))) return false;
    const delimiters = this.delimiters;
    const count = delimiters.length;
    const bounds = this.bounds;
    const padding = this.padding;
    let k = 0;
    let delim = delimiters[0]!;
    let i = lead.length;
    while (delim.length > 0) {
      const at = input.indexOf(delim, i);
      if (at < 0) return false;
      bounds[2 * k] = i;
      bounds[2 * k + 1] = at;
      i = at + delim.length;
      if (padding !== null && padding[k]) while (input.startsWith(delim, i)) i += delim.length;
      if (++k === count) return true;
      delim = delimiters[k]!;
    }
    // The last key takes the rest of the input when no delimiter follows it.
    bounds[2 * k] = i;
    bounds[2 * k + 1] = n;
    return true;
  }

  private refsValid(values: readonly string[]): boolean {
    const seen = new Set<string>();
    for (const o of this.outputs) {
      if (o.kind !== 'ref') continue;
      const name = values[o.nameSlot]!;
      if (this.fixedNames.has(name) || seen.has(name)) return false;
      seen.add(name);
    }
    return true;
  }

  match(input: string, out: Doc): boolean {
    if (!this.capture(input)) return false;
    const bounds = this.bounds;
    const names = this.plainNames;
    if (this.writes !== null) {
      this.writes(out, input, bounds);
      return true;
    }
    if (names !== null) {
      const slots = this.plainSlots;
      for (let i = 0; i < names.length; i++) {
        const at = 2 * slots[i]!;
        const value = input.slice(bounds[at]!, bounds[at + 1]!);
        if (this.plainDirect) out[names[i]!] = value;
        else setField(out, names[i]!, value);
      }
      return true;
    }
    const values = this.values;
    for (let k = 0; k < values.length; k++) values[k] = input.slice(bounds[2 * k]!, bounds[2 * k + 1]!);
    if (this.hasRefs && !this.refsValid(values)) return false;
    for (const o of this.outputs) {
      if (o.kind === 'set') setField(out, o.name, values[o.slot]!);
      else if (o.kind === 'append') setField(out, o.name, o.slots.map((s) => values[s]!).join(this.separator));
      else setField(out, values[o.nameSlot]!, values[o.valueSlot]!);
    }
    return true;
  }
}

/** Writes the captured values of plain keys into a record: `out[name] = input.slice(start, end)` per key. */
type PlainWrites = (out: Doc, input: string, bounds: Int32Array) => void;

/** The writes of plain keys as one function with a store per key (see compileFunction); null: the loop writes them. */
function compileWrites(names: readonly string[], slots: readonly number[]): PlainWrites | null {
  const body = names.map((n, i) => `out[${JSON.stringify(n)}] = input.slice(b[${2 * slots[i]!}], b[${2 * slots[i]! + 1}]);`).join('\n');
  return compileFunction<PlainWrites>(['out', 'input', 'b'], body);
}

/** Compiles a parsed pattern once; `appendSeparator` joins the parts of `+` keys. */
export function compileDissect(pattern: DissectPattern, appendSeparator: string): DissectMatcher {
  return new CompiledDissect(pattern, appendSeparator);
}
